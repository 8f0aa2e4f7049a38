import { ACTIVITY_DAYS } from '../../../src/shared/contract/learning';
import type { Db } from '../../db';
import { dateOfDayIndex, dayStartMs, moscowDayIndex } from '../../time/moscow-days';

export type ActivityDays = Array<{ date: string; answers: number }>;

/**
 * Scored answers per Moscow day over the last ACTIVITY_DAYS days (today last), per student. Counted
 * from the same sources mastery learns from (backfill.ts), at the time the student answered — not
 * when a curator checked it, so a check never makes an idle student look active.
 */
export async function recentActivity(db: Db, ids: readonly number[], now: number): Promise<Map<number, ActivityDays>> {
  const today = moscowDayIndex(now);
  const firstDay = today - ACTIVITY_DAYS + 1;
  const since = dayStartMs(firstDay);
  const counts = new Map<number, number[]>(ids.map((id) => [id, new Array<number>(ACTIVITY_DAYS).fill(0)]));
  if (ids.length > 0) {
    const list = [...ids];
    const sources = await Promise.all([
      db.selectFrom('homework_answers_p1').select(['user_id', 'answered_at as at']).where('user_id', 'in', list).where('answered_at', '>=', since).execute(),
      // Part 2 answers count on the day the work was handed in.
      db
        .selectFrom('homework_answers_p2 as a')
        .innerJoin('user_homeworks as h', (join) => join.onRef('h.user_id', '=', 'a.user_id').onRef('h.ht_num', '=', 'a.ht_num').onRef('h.is_dop', '=', 'a.is_dop'))
        .select(['a.user_id', 'h.p2_submitted_at as at'])
        .where('a.user_id', 'in', list)
        .where('h.p2_submitted_at', '>=', since)
        .execute(),
      db.selectFrom('credit_auto_answers').select(['user_id', 'answered_at as at']).where('user_id', 'in', list).where('answered_at', '>=', since).execute(),
      db.selectFrom('train_p1_questions').select(['user_id', 'answered_at as at']).where('user_id', 'in', list).where('answered_at', '>=', since).execute(),
      db.selectFrom('train_p2_answers').select(['user_id', 'created_at as at']).where('user_id', 'in', list).where('created_at', '>=', since).execute(),
      db.selectFrom('kb_test_answers').select(['user_id', 'answered_at as at']).where('user_id', 'in', list).where('answered_at', '>=', since).execute(),
      db.selectFrom('decide_first_answers').select(['user_id', 'answered_at as at']).where('user_id', 'in', list).where('answered_at', '>=', since).execute(),
    ]);
    for (const rows of sources) {
      for (const row of rows) {
        if (row.at === null) continue;
        const day = moscowDayIndex(Number(row.at)) - firstDay;
        const days = counts.get(row.user_id);
        if (days && day >= 0 && day < ACTIVITY_DAYS) days[day] = (days[day] ?? 0) + 1;
      }
    }
  }
  return new Map([...counts].map(([id, days]) => [id, days.map((answers, index) => ({ date: dateOfDayIndex(firstDay + index), answers }))]));
}
