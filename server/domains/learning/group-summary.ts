import { MISSED_BELOW } from '../../../src/shared/contract/learning';
import type { Db } from '../../db';
import type { LearningRow } from './student-learning';

/** How many elements the «most missed» list shows. */
const MISSED_SHOWN = 8;
/** The window of part 2 checks the median speaks for. */
const CHECK_WINDOW_MS = 30 * 86_400_000;

/**
 * Elements most students miss: for each element, among the students with enough data who have
 * answered on it, how many are below MISSED_BELOW % mastery; the largest shares first.
 */
export function missedElements(rows: readonly LearningRow[], names: ReadonlyMap<string, string>) {
  const tally = new Map<string, { below: number; students: number }>();
  for (const { mastery } of rows) {
    for (const [code, value] of mastery) {
      const entry = tally.get(code) ?? { below: 0, students: 0 };
      entry.students += 1;
      if (value < MISSED_BELOW) entry.below += 1;
      tally.set(code, entry);
    }
  }
  return [...tally]
    .filter(([, entry]) => entry.below > 0)
    .sort(([codeA, a], [codeB, b]) => b.below / b.students - a.below / a.students || b.below - a.below || codeA.localeCompare(codeB, 'ru', { numeric: true }))
    .slice(0, MISSED_SHOWN)
    .map(([code, entry]) => ({ code, name: names.get(code) ?? code, ...entry }));
}

/** Students with enough data per band of 10 test points (100 joins the last band). */
export function forecastDistribution(rows: readonly LearningRow[]): number[] {
  const bands = new Array<number>(10).fill(0);
  for (const { row } of rows) {
    if (row.testScore === null) continue;
    const band = Math.min(9, Math.max(0, Math.floor(row.testScore / 10)));
    bands[band] = (bands[band] ?? 0) + 1;
  }
  return bands;
}

/** Median hours from a part 2 submission to its check for these students' works checked in the last 30 days. */
export async function medianCheckTime(db: Db, ids: readonly number[], now: number): Promise<{ hours: number | null; works: number }> {
  if (ids.length === 0) return { hours: null, works: 0 };
  const rows = await db
    .selectFrom('user_homeworks')
    .select(['p2_submitted_at', 'p2_checked_at'])
    .where('user_id', 'in', [...ids])
    .where('p2_checked_at', '>=', now - CHECK_WINDOW_MS)
    .where('p2_submitted_at', 'is not', null)
    .execute();
  const spans = rows
    .map((row) => Number(row.p2_checked_at) - Number(row.p2_submitted_at))
    .filter((span) => Number.isFinite(span) && span >= 0)
    .sort((a, b) => a - b);
  if (spans.length === 0) return { hours: null, works: 0 };
  const middle = spans.length / 2;
  const median = spans.length % 2 === 1 ? spans[Math.floor(middle)]! : (spans[middle - 1]! + spans[middle]!) / 2;
  return { hours: Math.round((median / 3_600_000) * 10) / 10, works: spans.length };
}
