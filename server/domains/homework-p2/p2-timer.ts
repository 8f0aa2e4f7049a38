/**
 * The part 2 time budget (homeworks.p2_time_limit_min), decided by the server's clock only.
 *
 * - The budget starts when the work is started (p2_timer_started_at): on the site by «Начать»
 *   (get_ht_p2_camel with startButtonPressed '1', after a start screen that says the length),
 *   for clients that send no flag on the first open, as the spec's open always did. It runs
 *   whether or not the page is open, like part 1's timer: closing the tab does not stop it, so it
 *   cannot be paused by leaving.
 * - The client's `localTimer` (get_home_task_timer) decides nothing: the answer is always the
 *   server's own count, so a client can neither add time nor lose any by a slow or fast clock.
 * - At zero the answers already saved are kept. Saves are still taken for GRACE_MS after zero
 *   (the client saves once at zero and an autosave may be in flight), then refused; the first
 *   call after that submits the work as it stands. A submit after zero skips the mandatory-answers
 *   check: the time is over, so what was written is what gets checked.
 * - The work counts as submitted when its time ended (or earlier, when the student submitted),
 *   so lateness is judged by that moment, not by when the student came back.
 * - Mistake work, the additional part and self-check scoring are untimed.
 */

export const GRACE_MS = 30_000;

export interface TimerHomework {
  p2_time_limit_min: number | null;
}

export interface TimerProgress {
  status_p2: string;
  p2_mistake_work: number;
  p2_timer_started_at: number | null;
}

/** Whether this work runs on a budget (status aside). */
export function isTimedPart(homework: TimerHomework, isDop: 0 | 1, mistakeWork: number): boolean {
  return homework.p2_time_limit_min !== null && isDop === 0 && mistakeWork === 0;
}

/** When the budget runs out; null when this work is not timed or not started. */
export function budgetEndsAt(homework: TimerHomework, isDop: 0 | 1, progress: TimerProgress): number | null {
  if (progress.status_p2 !== 'Выполняется' || !isTimedPart(homework, isDop, progress.p2_mistake_work)) return null;
  if (progress.p2_timer_started_at === null) return null;
  return progress.p2_timer_started_at + homework.p2_time_limit_min! * 60_000;
}

/** Seconds left (0 when up); null = untimed or not in progress. */
export function secondsLeftP2(homework: TimerHomework, isDop: 0 | 1, progress: TimerProgress, now: number): number | null {
  const endsAt = budgetEndsAt(homework, isDop, progress);
  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The budget and its grace are over: no more saves, the work is submitted as it stands. */
export function pastGrace(homework: TimerHomework, isDop: 0 | 1, progress: TimerProgress, now: number): boolean {
  const endsAt = budgetEndsAt(homework, isDop, progress);
  return endsAt !== null && now > endsAt + GRACE_MS;
}
