/**
 * «Colour that tells the truth»: a student's progress is judged against what
 * was expected of her by now, not against the whole course. Red means «behind», never «not yet».
 *
 * The server decides which lessons are expected (server/pace/expected-lessons.ts) and sends the
 * state; the client only paints it. Both sides share the names and the thresholds here.
 */

/**
 * - ahead: not expected yet (the lesson is not open for her, or opened too recently to have
 *   been done) — a neutral colour, «впереди»;
 * - ok: done well (expected or not: work done early is still good) — «в порядке»;
 * - weak: expected and half done — «подтянуть»;
 * - behind: expected and (almost) not done — «отстаёт».
 */
export const PACE_STATES = ['ahead', 'ok', 'weak', 'behind'] as const;
export type Pace = (typeof PACE_STATES)[number];

/** From this level (percent) the work counts as done well. */
export const PACE_OK_FROM = 70;
/** From this level up to PACE_OK_FROM an expected piece is «подтянуть», below it «отстаёт». */
export const PACE_WEAK_FROM = 40;

/**
 * How long a lesson stays «впереди» after it opens: the course gives a lesson a week (the demo
 * opens one weekly), so nobody can be behind on a lesson opened yesterday.
 */
export const LESSON_STUDY_DAYS = 7;

/** The state of a piece of work at `level` percent, expected by now or not. */
export function paceOf(level: number, expected: boolean): Pace {
  if (level >= PACE_OK_FROM) return 'ok';
  if (!expected) return 'ahead';
  return level >= PACE_WEAK_FROM ? 'weak' : 'behind';
}

/**
 * When a lesson becomes expected: a week after it opens, or at its earliest homework deadline
 * if that comes first (never before it opens). Null: expected from the start (no opening time).
 */
export function lessonExpectedAt(opensAt: number | null, earliestDeadline: number | null): number | null {
  if (opensAt === null) return earliestDeadline;
  const byStudy = opensAt + LESSON_STUDY_DAYS * 86_400_000;
  return earliestDeadline === null ? byStudy : Math.max(opensAt, Math.min(byStudy, earliestDeadline));
}

/**
 * A student who starts after lessons have opened is not behind on them from her first day: the
 * lessons that opened before her start are expected one after another at this pace (two a week on
 * top of the new ones), in the order they opened.
 */
export const CATCH_UP_LESSONS_PER_WEEK = 2;

/** When the k-th (from 0) lesson that opened before her start becomes expected of her. */
export function catchUpExpectedAt(startedAt: number, k: number): number {
  return startedAt + Math.ceil(((k + 1) * LESSON_STUDY_DAYS) / CATCH_UP_LESSONS_PER_WEEK) * 86_400_000;
}
