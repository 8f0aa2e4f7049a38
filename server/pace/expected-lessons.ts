import { moscowDayStart } from '../../src/shared/domain/moscow-time';
import { catchUpExpectedAt, lessonExpectedAt } from '../../src/shared/domain/pace';
import type { UserType } from '../../src/shared/domain/user-types';
import { canOpenLesson } from '../access/lesson-access';
import type { Db } from '../db';

/**
 * Which lessons a student is expected to have studied by now. Shared by every
 * screen that colours progress — the knowledge map, chapter mastery, the curators' statistics —
 * so they all call the same lesson «впереди» or «пора».
 */

export interface LessonExpectation {
  /** She may open it now and its time has come (src/shared/domain/pace.ts, lessonExpectedAt). */
  expected: boolean;
  /** When it becomes (or became) expected; null: from the start, or never for her (no access). */
  expectedAt: number | null;
}

/** Whose expectations: the student (her start moves the calendar) and the type that decides which lessons are hers. */
export interface PaceOwner {
  id: number;
  type: UserType;
}

/**
 * When she started: the course start date the school set on her card, else her registration. A
 * date without a time is the start of that Moscow day.
 */
async function startOf(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select(['course_start_date', 'created_at']).where('id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const fromCard = row.course_start_date && /^\d{4}-\d{2}-\d{2}$/.test(row.course_start_date) ? moscowDayStart(row.course_start_date) : NaN;
  return Number.isFinite(fromCard) ? fromCard : Number(row.created_at);
}

/**
 * Every lesson's expectation for this student at `now`, by lesson number. A lesson she cannot
 * open (a draft, closed for her type) is never expected: it is not hers to be behind on. Lessons
 * that opened before she started are expected at the catch-up pace (src/shared/domain/pace.ts),
 * never sooner than the calendar says. Staff open everything, so for them only the calendar decides.
 */
export async function lessonExpectations(db: Db, owner: PaceOwner, now: number): Promise<Map<number, LessonExpectation>> {
  const [lessons, deadlines, startedAt] = await Promise.all([
    db.selectFrom('lessons').select(['number', 'opens_at', 'demo_access', 'is_published']).execute(),
    db
      .selectFrom('homeworks')
      .select(['lesson_num', (eb) => eb.fn.min<number>('deadline_at').as('deadline')])
      .where('deadline_at', 'is not', null)
      .groupBy('lesson_num')
      .execute(),
    startOf(db, owner.id),
  ]);
  const earliest = new Map(deadlines.map((row) => [row.lesson_num, row.deadline === null ? null : Number(row.deadline)]));
  const result = new Map<number, LessonExpectation>();
  let missed = 0;
  // In the order they opened (open from the start first) for the catch-up count.
  const opening = (lesson: { opens_at: number | null }) => (lesson.opens_at === null ? -Infinity : Number(lesson.opens_at));
  for (const lesson of [...lessons].sort((a, b) => opening(a) - opening(b) || a.number - b.number)) {
    const opensAt = lesson.opens_at === null ? null : Number(lesson.opens_at);
    const gate = { ...lesson, opens_at: opensAt };
    // Hers once open (asked at its opening time): a lesson closed for her type is never expected.
    const hers = canOpenLesson(owner.type, gate, Math.max(now, opensAt ?? now));
    let at = lessonExpectedAt(opensAt, earliest.get(lesson.number) ?? null);
    if (hers && startedAt !== null && (opensAt ?? -Infinity) < startedAt) {
      at = Math.max(at ?? -Infinity, catchUpExpectedAt(startedAt, missed));
      missed += 1;
    }
    // canOpenLesson at `now` also checks the opening time: an unopened lesson is never expected.
    const expected = hers && canOpenLesson(owner.type, gate, now) && (at === null || at <= now);
    result.set(lesson.number, { expected, expectedAt: hers ? at : null });
  }
  return result;
}

/** The expectation of a lesson number that has no lesson (a chunk «Без урока»): never expected. */
export const NOT_SCHEDULED: LessonExpectation = { expected: false, expectedAt: null };
