import type { Db } from '../db';
import { mondayOf } from '../time/moscow-days';

/**
 * The study rhythm read from «Сегодня»'s days (plan_days): a day counts when its plan's
 * minimum was done. The plan shows the streak from here; the pet reads the same counted days for
 * its cookies and mood, without importing the plan.
 */

/** Moscow day numbers of a student's counted days, oldest first, and the first day she had a plan. */
export async function studyDays(db: Db, userId: number): Promise<{ firstDay: number | null; counted: number[] }> {
  const rows = await db.selectFrom('plan_days').select(['day', 'counted_at']).where('user_id', '=', userId).orderBy('day').execute();
  return { firstDay: rows[0]?.day ?? null, counted: rows.filter((row) => row.counted_at !== null).map((row) => row.day) };
}

export interface Streak {
  current: number;
  best: number;
  /** Freezes left in today's week (one a week). */
  freezesLeft: number;
  todayCounted: boolean;
  /** The day before today was missed and no freeze covered it: the streak broke. */
  brokeYesterday: boolean;
}

/** Freezes a week: a missed day is covered by one automatically while the week has one left. */
export const FREEZES_PER_WEEK = 1;

/**
 * Walks the days from her first plan to today: a counted day adds one; a missed day is covered by
 * the week's freeze if one is left (the streak stays), otherwise the streak starts again from 0.
 * Today counts once done and never breaks the streak while it lasts.
 */
export function streakOf(firstDay: number | null, counted: readonly number[], today: number): Streak {
  const done = new Set(counted);
  const freezesUsed = new Map<number, number>();
  let current = 0;
  let best = 0;
  let brokeYesterday = false;
  for (let day = firstDay ?? today; day < today; day += 1) {
    brokeYesterday = false;
    if (done.has(day)) {
      current += 1;
    } else {
      const week = mondayOf(day);
      const used = freezesUsed.get(week) ?? 0;
      if (used < FREEZES_PER_WEEK) freezesUsed.set(week, used + 1);
      else {
        brokeYesterday = true;
        current = 0;
      }
    }
    best = Math.max(best, current);
  }
  const todayCounted = done.has(today);
  if (todayCounted) current += 1;
  best = Math.max(best, current);
  return { current, best, freezesLeft: FREEZES_PER_WEEK - (freezesUsed.get(mondayOf(today)) ?? 0), todayCounted, brokeYesterday };
}

/** The raccoon's mood from the streak: happy while it lasts, sad the day after it broke, calm otherwise. Never worse. */
export function moodOf(streak: Streak): 'happy' | 'calm' | 'sad' {
  if (streak.current > 0) return 'happy';
  return streak.brokeYesterday ? 'sad' : 'calm';
}
