import { lessonExpectedAt } from '../../src/shared/domain/pace';
import type { UserType } from '../../src/shared/domain/user-types';
import { canOpenLesson } from '../access/lesson-access';
import type { Db } from '../db';

/**
 * Which lessons a student is expected to have studied by now (issue 38, item 6). Shared by every
 * screen that colours progress — the knowledge map, chapter mastery, the curators' statistics —
 * so they all call the same lesson «впереди» or «пора».
 */

export interface LessonExpectation {
  /** She may open it now and its time has come (src/shared/domain/pace.ts, lessonExpectedAt). */
  expected: boolean;
  /** When it becomes (or became) expected; null: from the start, or never for her (no access). */
  expectedAt: number | null;
}

/**
 * Every lesson's expectation for a student of this type at `now`, by lesson number. A lesson she
 * cannot open (a draft, closed for her type) is never expected: it is not hers to be behind on.
 * Staff open everything, so for them only the calendar decides.
 */
export async function lessonExpectations(db: Db, type: UserType, now: number): Promise<Map<number, LessonExpectation>> {
  const [lessons, deadlines] = await Promise.all([
    db.selectFrom('lessons').select(['number', 'opens_at', 'demo_access', 'is_published']).execute(),
    db
      .selectFrom('homeworks')
      .select(['lesson_num', (eb) => eb.fn.min<number>('deadline_at').as('deadline')])
      .where('deadline_at', 'is not', null)
      .groupBy('lesson_num')
      .execute(),
  ]);
  const earliest = new Map(deadlines.map((row) => [row.lesson_num, row.deadline === null ? null : Number(row.deadline)]));
  const result = new Map<number, LessonExpectation>();
  for (const lesson of lessons) {
    const opensAt = lesson.opens_at === null ? null : Number(lesson.opens_at);
    const at = lessonExpectedAt(opensAt, earliest.get(lesson.number) ?? null);
    const gate = { ...lesson, opens_at: opensAt };
    // Hers once open (asked at its opening time): a lesson closed for her type is never expected.
    const hers = canOpenLesson(type, gate, Math.max(now, opensAt ?? now));
    // canOpenLesson at `now` also checks the opening time: an unopened lesson is never expected.
    const expected = hers && canOpenLesson(type, gate, now) && (at === null || at <= now);
    result.set(lesson.number, { expected, expectedAt: hers ? at : null });
  }
  return result;
}

/** The expectation of a lesson number that has no lesson (a chunk «Без урока»): never expected. */
export const NOT_SCHEDULED: LessonExpectation = { expected: false, expectedAt: null };
