import type { PlanCandidate } from './sources/source';

/**
 * Today's items from every source's candidates: deadlines first (soonest first), then due reviews,
 * the course's next step and the weak elements, taken in that order while they fit the student's
 * minutes. The first item is always taken (a long homework due tomorrow still leads the day); a
 * later one that does not fit is skipped for a smaller one after it.
 */
export function choosePlan(candidates: readonly PlanCandidate[], dailyMinutes: number): PlanCandidate[] {
  const ordered = [...candidates].sort((a, b) => a.rank - b.rank || a.order - b.order || a.id.localeCompare(b.id));
  const chosen: PlanCandidate[] = [];
  let minutes = 0;
  for (const candidate of ordered) {
    if (chosen.length > 0 && minutes + candidate.minutes > dailyMinutes) continue;
    if (chosen.some((item) => item.id === candidate.id)) continue;
    chosen.push(candidate);
    minutes += candidate.minutes;
  }
  return chosen;
}
