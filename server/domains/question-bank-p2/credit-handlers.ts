import { getCreditQuestion, getCreditQuestionsList, setCreditQuestion, type CreditQuestion } from '../../../src/shared/contract/question-bank-p2';
import { CREDIT_TEXTS as T, validateCredit, type CreditFields } from '../../../src/shared/domain/question-bank-p2';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';

/**
 * The oral-credit bank (back-office §3 'Credit question', /questions_zach/…) over `verbal_questions`,
 * the table the oral trainer and the video chat draw published questions from.
 */

async function lessonNumbers(db: Db): Promise<number[]> {
  return (await db.selectFrom('lessons').select('number').orderBy('number').execute()).map((row) => row.number);
}

async function trainerAnswerCounts(db: Db, ids?: number[]): Promise<Map<number, number>> {
  let query = db.selectFrom('verbal_trainer_answers').select(['question_id', db.fn.countAll<number>().as('n')]).groupBy('question_id');
  if (ids) query = query.where('question_id', 'in', ids);
  return new Map((await query.execute()).map((row) => [row.question_id, Number(row.n)]));
}

type Row = { id: number; question: string; answer: string; zachet_num: number | null; lesson_num: number | null; is_public: number; plus90: number };

function wire(row: Row, answers: number): CreditQuestion {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    zachetNum: row.zachet_num ?? 0,
    lessonNum: row.lesson_num ?? 0,
    public: row.is_public === 1 ? '1' : '0',
    plus90: row.plus90 === 1 ? '1' : '0',
    trainerAnswers: answers,
  };
}

async function checked(db: Db, fields: CreditFields) {
  const tidy = { ...fields, question: fields.question.replace(/\r\n?/g, '\n').trim(), answer: fields.answer.replace(/\r\n?/g, '\n').trim() };
  const errors = validateCredit(tidy, await lessonNumbers(db));
  const first = Object.values(errors)[0];
  if (first) fail(first, { errors });
  return {
    question: tidy.question,
    answer: tidy.answer,
    zachet_num: tidy.zachetNum,
    lesson_num: tidy.lessonNum,
    is_public: tidy.public === '1' ? 1 : 0,
    plus90: tidy.plus90 === '1' ? 1 : 0,
  };
}

async function requireRow(db: Db, id: number): Promise<Row> {
  const row = await db.selectFrom('verbal_questions').select(['id', 'question', 'answer', 'zachet_num', 'lesson_num', 'is_public', 'plus90']).where('id', '=', id).executeTakeFirst();
  if (!row) fail(T.notFound);
  return row;
}

export const creditQuestionHandlers = [
  implement(getCreditQuestionsList, async (ctx) => {
    const db = ctx.services.db;
    const [rows, answers, lessons] = await Promise.all([
      db.selectFrom('verbal_questions').select(['id', 'question', 'answer', 'zachet_num', 'lesson_num', 'is_public', 'plus90']).orderBy('id').execute(),
      trainerAnswerCounts(db),
      db.selectFrom('lessons').select(['number', 'short_name']).orderBy('number').execute(),
    ]);
    return {
      questions: rows.map((row) => wire(row, answers.get(row.id) ?? 0)),
      lessons: lessons.map((lesson) => ({ number: lesson.number, name: lesson.short_name })),
    };
  }),

  implement(getCreditQuestion, async (ctx, { questionId }) => {
    const db = ctx.services.db;
    const row = await requireRow(db, questionId);
    return { question: wire(row, (await trainerAnswerCounts(db, [row.id])).get(row.id) ?? 0) };
  }),

  implement(setCreditQuestion, async (ctx, input) => {
    const { db, clock, log } = ctx.services;
    const now = clock.now();
    if (input.action === 'create') {
      const columns = await checked(db, input.question);
      const row = await db.insertInto('verbal_questions').values({ ...columns, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      log.info(`verbal_questions ${row.id}: created by user ${ctx.user.id}`);
      return { id: row.id };
    }
    await requireRow(db, input.id);
    if (input.action === 'update') {
      const columns = await checked(db, input.question);
      await db.updateTable('verbal_questions').set({ ...columns, updated_at: now }).where('id', '=', input.id).execute();
      log.info(`verbal_questions ${input.id}: saved by user ${ctx.user.id}`);
      return { id: input.id };
    }
    // Deleting would take students' trainer answers with it (they cascade): unpublishing keeps them.
    const answers = (await trainerAnswerCounts(db, [input.id])).get(input.id) ?? 0;
    if (answers > 0) fail(T.hasAnswers(answers));
    await db.deleteFrom('verbal_questions').where('id', '=', input.id).execute();
    log.info(`verbal_questions ${input.id}: deleted by user ${ctx.user.id}`);
    return { id: input.id };
  }),
];
