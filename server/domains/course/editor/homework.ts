import { COURSE_EDITOR_TEXTS as T, COURSE_LIMITS, type HomeworkSettings } from '../../../../src/shared/contract/course-editor';
import { pointsOfTask } from '../../../../src/shared/domain/questions';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';
import { examPrimaryScores } from '../../../questions/question-bank';
import { homeworkActivity, homeworkInProgress, partTwoSubmitted, studentsOf } from './answers-count';
import { bit, nextNum, requireHomework, requireLesson } from './records';

/**
 * Homework of a lesson: its settings and the questions of its parts. Questions already answered
 * stay as they are: a part with answers keeps its list, settings change only for new attempts.
 */

const columnsOf = (settings: HomeworkSettings) => ({
  is_probnik: bit(settings.isProbnik),
  deadline_at: settings.deadlineAt,
  p1_time_limit_min: settings.p1TimeLimitMin,
  p2_time_limit_min: settings.p2TimeLimitMin,
  p2_self_check: bit(settings.p2SelfCheck),
});

export async function createHomework(db: Db, lessonNum: number, settings: HomeworkSettings, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireLesson(trx, lessonNum);
    const num = await nextNum(trx, 'homeworks');
    await trx
      .insertInto('homeworks')
      .values({ num, lesson_num: lessonNum, ...columnsOf(settings), created_at: now, updated_at: now })
      .execute();
    return num;
  });
}

/**
 * The deadline and the mock-exam flag change at once; time limits are refused while a student is
 * in the middle of a part (their timer would jump), self-check once a part 2 was handed in.
 */
export async function updateHomework(db: Db, num: number, settings: HomeworkSettings, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const homework = await requireHomework(trx, num);
    const next = columnsOf(settings);
    if (next.p1_time_limit_min !== homework.p1_time_limit_min || next.p2_time_limit_min !== homework.p2_time_limit_min) {
      const running = studentsOf(await homeworkInProgress(trx, [num]));
      if (running > 0) fail(T.inProgress(running, 'время на выполнение менять нельзя'));
    }
    if (next.p2_self_check !== homework.p2_self_check) {
      const submitted = await partTwoSubmitted(trx, num);
      if (submitted > 0) fail(T.answered(submitted, 'способ проверки второй части менять нельзя'));
    }
    await trx
      .updateTable('homeworks')
      .set({ ...next, updated_at: now })
      .where('num', '=', num)
      .execute();
  });
}

/** A part (main or additional) whose questions students have started keeps its questions. */
async function refuseAnsweredPart(db: Db, num: number, isDop: number): Promise<void> {
  const students = studentsOf(await homeworkActivity(db, [num]), (row) => row.isDop === isDop);
  if (students > 0) fail(T.answered(students, 'вопросы этой части менять нельзя'));
}

/**
 * Part 1 as «N questions of ЕГЭ task X», drawn from the published bank: the lesson's own
 * questions first, then other lessons', each in bank order, so the same request gives the same
 * questions. The part's count and maximum follow the exam's primary scores.
 */
export async function setHomeworkP1(db: Db, num: number, isDop: '0' | '1', tasks: readonly { egeNum: number; count: number }[], now: number) {
  const total = tasks.reduce((sum, task) => sum + task.count, 0);
  if (total > COURSE_LIMITS.p1Questions) fail(T.tooManyQuestions(COURSE_LIMITS.p1Questions));
  return db.transaction().execute(async (trx) => {
    const homework = await requireHomework(trx, num);
    const dop = bit(isDop);
    await refuseAnsweredPart(trx, num, dop);
    const scores = await examPrimaryScores(trx);
    const chosen: { id: number; egeNum: number }[] = [];
    const taken = new Set<number>();
    for (const task of tasks) {
      const bank = await trx
        .selectFrom('questions_p1')
        .select(['id', 'lesson_num'])
        .where('ege_num', '=', task.egeNum)
        .where('is_published', '=', 1)
        .orderBy('id')
        .execute();
      const ordered = [...bank.filter((row) => row.lesson_num === homework.lesson_num), ...bank.filter((row) => row.lesson_num !== homework.lesson_num)].filter((row) => !taken.has(row.id));
      if (ordered.length < task.count) fail(T.notEnoughQuestions(task.egeNum, task.count, ordered.length));
      for (const row of ordered.slice(0, task.count)) {
        taken.add(row.id);
        chosen.push({ id: row.id, egeNum: task.egeNum });
      }
    }
    await trx.deleteFrom('homework_questions_p1').where('ht_num', '=', num).where('is_dop', '=', dop).execute();
    if (chosen.length > 0) {
      await trx
        .insertInto('homework_questions_p1')
        .values(chosen.map((question, index) => ({ ht_num: num, is_dop: dop, q_number: index + 1, question_id: question.id })))
        .execute();
    }
    const maxPoints = chosen.reduce((sum, question) => sum + pointsOfTask(scores, question.egeNum), 0);
    const counts = dop === 1 ? { dop_p1_count: chosen.length, dop_p1_max: maxPoints } : { p1_count: chosen.length, p1_max: maxPoints };
    await trx
      .updateTable('homeworks')
      .set({ ...counts, updated_at: now })
      .where('num', '=', num)
      .execute();
    return { count: chosen.length, maxPoints };
  });
}

/** Part 2 as a list of bank tasks, each mandatory or not; the maximum is the sum of their points. */
export async function setHomeworkP2(db: Db, num: number, isDop: '0' | '1', tasks: readonly { questionId: number; isMandatory: '0' | '1' }[], now: number) {
  const ids = tasks.map((task) => task.questionId);
  if (new Set(ids).size !== ids.length) fail(T.duplicateQuestion);
  return db.transaction().execute(async (trx) => {
    await requireHomework(trx, num);
    const dop = bit(isDop);
    await refuseAnsweredPart(trx, num, dop);
    const questions = ids.length === 0 ? [] : await trx.selectFrom('questions_p2').select(['id', 'max_points']).where('id', 'in', ids).execute();
    if (questions.length !== ids.length) fail(T.questionNotFound);
    await trx.deleteFrom('homework_questions_p2').where('ht_num', '=', num).where('is_dop', '=', dop).execute();
    if (tasks.length > 0) {
      await trx
        .insertInto('homework_questions_p2')
        .values(tasks.map((task, index) => ({ ht_num: num, is_dop: dop, q_number: index + 1, question_id: task.questionId, is_mandatory: bit(task.isMandatory) })))
        .execute();
    }
    const maxPoints = questions.reduce((sum, question) => sum + question.max_points, 0);
    const counts = dop === 1 ? { dop_p2_count: tasks.length, dop_p2_max: maxPoints } : { p2_count: tasks.length, p2_max: maxPoints };
    await trx
      .updateTable('homeworks')
      .set({ ...counts, updated_at: now })
      .where('num', '=', num)
      .execute();
    return { count: tasks.length, maxPoints };
  });
}

/** Only a homework nobody has started goes (its question lists go with it). */
export async function deleteHomework(db: Db, num: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireHomework(trx, num);
    const students = studentsOf(await homeworkActivity(trx, [num]));
    if (students > 0) fail(T.answered(students, 'домашнее задание удалить нельзя'));
    await trx.deleteFrom('homeworks').where('num', '=', num).execute();
  });
}
