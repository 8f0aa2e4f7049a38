import { describe, expect, it } from 'vitest';
import { catchUpExpectedAt, LESSON_STUDY_DAYS, lessonExpectedAt, paceOf } from './pace';

const DAY = 86_400_000;

describe('pace: progress against what is due', () => {
  it('is «впереди» for anything not due that is not done well, never «отстаёт»', () => {
    expect([0, 39, 40, 69].map((level) => paceOf(level, false))).toEqual(['ahead', 'ahead', 'ahead', 'ahead']);
    // Done early and well is still good.
    expect([70, 100].map((level) => paceOf(level, false))).toEqual(['ok', 'ok']);
  });

  it('judges what is due: below 40 «отстаёт», 40–69 «подтянуть», from 70 «в порядке»', () => {
    expect([0, 39, 40, 69, 70, 100].map((level) => paceOf(level, true))).toEqual(['behind', 'behind', 'weak', 'weak', 'ok', 'ok']);
  });

  it('makes a lesson due a week after it opens, or at an earlier homework deadline, never before it opens', () => {
    const opens = 1_000 * DAY;
    expect(lessonExpectedAt(opens, null)).toBe(opens + LESSON_STUDY_DAYS * DAY);
    expect(lessonExpectedAt(opens, opens + 2 * DAY)).toBe(opens + 2 * DAY);
    expect(lessonExpectedAt(opens, opens + 30 * DAY)).toBe(opens + LESSON_STUDY_DAYS * DAY);
    // A deadline before the opening (a data slip) cannot make it due before she could open it.
    expect(lessonExpectedAt(opens, opens - DAY)).toBe(opens);
    // Open from the start: due from the start, or at its deadline.
    expect(lessonExpectedAt(null, null)).toBeNull();
    expect(lessonExpectedAt(null, opens)).toBe(opens);
  });

  it('spreads the lessons a late starter missed two a week after her start, in order', () => {
    const start = 1_000 * DAY;
    expect([0, 1, 2, 3].map((k) => (catchUpExpectedAt(start, k) - start) / DAY)).toEqual([4, 7, 11, 14]);
  });
});
