import { COURSE_EDITOR_TEXTS as T, type CreditAutoFields, type CreditVerbalFields } from '../../../../src/shared/contract/course-editor';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';
import { creditAutoActivity, creditAutoInProgress, creditVerbalActivity, studentsOf } from './answers-count';
import { nextNum, realDay, requireLesson } from './records';

/**
 * Automatic and oral credits of a lesson. An attempt already started keeps the rules it started
 * with: the number of questions, minutes, allowed errors and attempts are refused while one runs,
 * and a credit anyone has taken is never deleted.
 */

/** '1, 2,3' → '1,2,3', each a lesson of the course. */
async function lessonList(db: Db, list: string): Promise<string> {
  const numbers = list.split(',').map((part) => Number(part.trim()));
  const found = await db.selectFrom('lessons').select('number').where('number', 'in', numbers).execute();
  if (new Set(found.map((row) => row.number)).size !== new Set(numbers).size) fail(T.badLessonList);
  return numbers.join(',');
}

export async function saveCreditAuto(db: Db, fields: CreditAutoFields & { num: number | '' }, now: number): Promise<number> {
  if (fields.startsAt !== null && fields.deadlineAt !== null && fields.deadlineAt < fields.startsAt) fail(T.badDateRange);
  return db.transaction().execute(async (trx) => {
    await requireLesson(trx, fields.lessonNum);
    const columns = {
      lesson_num: fields.lessonNum,
      lesson_numbers: await lessonList(trx, fields.lessonNumbers),
      starts_at: fields.startsAt,
      deadline_at: fields.deadlineAt,
      question_count: fields.questionCount,
      max_minutes: fields.maxMinutes,
      max_attempts: fields.maxAttempts,
      max_errors: fields.maxErrors,
    };
    if (fields.num === '') {
      const num = await nextNum(trx, 'credits_auto');
      await trx
        .insertInto('credits_auto')
        .values({ num, ...columns, created_at: now })
        .execute();
      return num;
    }
    const credit = await trx.selectFrom('credits_auto').selectAll().where('num', '=', fields.num).executeTakeFirst();
    if (!credit) fail(T.creditNotFound);
    const rulesChange =
      credit.question_count !== columns.question_count || credit.max_minutes !== columns.max_minutes || credit.max_attempts !== columns.max_attempts || credit.max_errors !== columns.max_errors;
    if (rulesChange) {
      const running = studentsOf(await creditAutoInProgress(trx, [credit.num]));
      if (running > 0) fail(T.inProgress(running, 'число вопросов, время, ошибки и попытки менять нельзя'));
    }
    await trx.updateTable('credits_auto').set(columns).where('num', '=', credit.num).execute();
    return credit.num;
  });
}

export async function deleteCreditAuto(db: Db, num: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const credit = await trx.selectFrom('credits_auto').select('num').where('num', '=', num).executeTakeFirst();
    if (!credit) fail(T.creditNotFound);
    const students = studentsOf(await creditAutoActivity(trx, [num]));
    if (students > 0) fail(T.answered(students, 'зачёт удалить нельзя'));
    await trx.deleteFrom('credits_auto').where('num', '=', num).execute();
  });
}

export async function saveCreditVerbal(db: Db, fields: CreditVerbalFields & { num: number | '' }, now: number): Promise<number> {
  if (!realDay(fields.startsOn) || !realDay(fields.endsOn)) fail(T.badDate);
  if (fields.startsOn !== null && fields.endsOn !== null && fields.endsOn < fields.startsOn) fail(T.badDateRange);
  return db.transaction().execute(async (trx) => {
    await requireLesson(trx, fields.lessonNum);
    const columns = { lesson_num: fields.lessonNum, lesson_numbers: await lessonList(trx, fields.lessonNumbers), starts_on: fields.startsOn, ends_on: fields.endsOn };
    if (fields.num === '') {
      const num = await nextNum(trx, 'credits_verbal');
      await trx
        .insertInto('credits_verbal')
        .values({ num, ...columns, created_at: now })
        .execute();
      return num;
    }
    const credit = await trx.selectFrom('credits_verbal').select('num').where('num', '=', fields.num).executeTakeFirst();
    if (!credit) fail(T.creditNotFound);
    await trx.updateTable('credits_verbal').set(columns).where('num', '=', credit.num).execute();
    return credit.num;
  });
}

/** An oral credit with a result or a booked slot stays. */
export async function deleteCreditVerbal(db: Db, num: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const credit = await trx.selectFrom('credits_verbal').select('num').where('num', '=', num).executeTakeFirst();
    if (!credit) fail(T.creditNotFound);
    const students = studentsOf(await creditVerbalActivity(trx, [num]));
    if (students > 0) fail(T.answered(students, 'зачёт удалить нельзя'));
    await trx.deleteFrom('credits_verbal').where('num', '=', num).execute();
  });
}
