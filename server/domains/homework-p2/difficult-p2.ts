import { P2_TEXTS as T } from '../../../src/shared/contract/homework-p2';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { canOpenLesson } from '../../access/lesson-access';

/**
 * The difficult flag of a part 2 question, like part 1's set_as_difficult.php. Only a question
 * the student has seen may be flagged: it is in a homework whose part 2 they opened and whose
 * lesson they may still open, or a public one that training part 2 offers them (same lesson gate).
 * Anything else is 'not found', so ids of unseen questions leak nothing.
 */
export async function setDifficultP2(db: Db, user: CurrentUser, questionId: number, difficult: boolean, now: number): Promise<void> {
  const seenIn = await db
    .selectFrom('homework_questions_p2')
    .innerJoin('user_homeworks', (join) => join.onRef('user_homeworks.ht_num', '=', 'homework_questions_p2.ht_num').onRef('user_homeworks.is_dop', '=', 'homework_questions_p2.is_dop'))
    .innerJoin('homeworks', 'homeworks.num', 'homework_questions_p2.ht_num')
    .innerJoin('lessons', 'lessons.number', 'homeworks.lesson_num')
    .select(['lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('homework_questions_p2.question_id', '=', questionId)
    .where('user_homeworks.user_id', '=', user.id)
    .where('user_homeworks.status_p2', '!=', '')
    .execute();
  if (!seenIn.some((lesson) => canOpenLesson(user.type, lesson, now)) && !(await inTrainingPool(db, user, questionId, now))) fail(T.unknownQuestion);
  if (difficult) {
    await db
      .insertInto('difficult_questions_p2')
      .values({ user_id: user.id, question_id: questionId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('difficult_questions_p2').where('user_id', '=', user.id).where('question_id', '=', questionId).execute();
  }
}

/** A public part 2 question of a lesson the user may open: training part 2 shows it to them. */
async function inTrainingPool(db: Db, user: CurrentUser, questionId: number, now: number): Promise<boolean> {
  const lesson = await db
    .selectFrom('questions_p2')
    .innerJoin('lessons', 'lessons.number', 'questions_p2.lesson_num')
    .select(['lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('questions_p2.id', '=', questionId)
    .where('questions_p2.is_public', '=', 1)
    .executeTakeFirst();
  return lesson !== undefined && canOpenLesson(user.type, lesson, now);
}
