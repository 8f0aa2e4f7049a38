import { questionBankAdmin } from '../../../src/shared/contract';
import { isQuestionType, QUESTION_BANK_TEXTS as T, shortTextOf, tidyQuestion, validateQuestion } from '../../../src/shared/domain/question-bank-p1';
import { editableQuestion, type EditableQuestion } from '../../../src/shared/contract/question-bank-admin';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';
import { bankReference, editableQuestionOf, storedColumnsOf } from '../../questions/bank-store';
import { removeQuestionImage } from './images';

async function questionRow(db: Db, questionId: number) {
  const row = await db.selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirst();
  if (!row) fail(T.notFound);
  return row;
}

/** A question the editor sent, tidied, or a refusal naming what is wrong (the spec's texts per field). */
async function checkedQuestion(db: Db, question: EditableQuestion): Promise<EditableQuestion> {
  if (!isQuestionType(question.questionType)) fail(T.unsupportedType, { errors: { questionType: T.unsupportedType } });
  const tidy = tidyQuestion({ ...question, questionType: question.questionType });
  const errors = validateQuestion(tidy, await bankReference(db));
  const first = Object.values(errors)[0];
  if (first) fail(first, { errors });
  return tidy;
}

/** Handlers of the part 1 bank, one per contract in src/shared/contract/question-bank-admin.ts. */
export const questionBankAdminHandlers = [
  implement(questionBankAdmin.getQuestionsList, async (ctx) => {
    const rows = await ctx.services.db.selectFrom('questions_p1').selectAll().orderBy('id').execute();
    return {
      list: rows.map((row) => {
        const question = editableQuestionOf(row);
        return {
          qId: row.id,
          questionType: row.question_type,
          qEgeNum: row.ege_num,
          qLessonNum: row.lesson_num,
          qChapter: row.chapter,
          isPublished: row.is_published === 1 ? ('1' as const) : ('0' as const),
          isSelfmade: row.is_selfmade === 1 ? ('1' as const) : ('0' as const),
          is90Plus: row.is_90plus === 1 ? ('1' as const) : ('0' as const),
          hasImage: row.image_path !== '' ? ('1' as const) : ('0' as const),
          shortText: shortTextOf(question.questionText),
        };
      }),
    };
  }),

  implement(questionBankAdmin.getQuestion, async (ctx, { questionId }) => {
    const row = await questionRow(ctx.services.db, questionId);
    const reference = await bankReference(ctx.services.db);
    return { question: { ...editableQuestionOf(row), qId: row.id }, chapters: [...reference.chapters], lessons: reference.lessonRows };
  }),

  implement(questionBankAdmin.getQuestionReference, async (ctx) => {
    const reference = await bankReference(ctx.services.db);
    return { chapters: [...reference.chapters], lessons: reference.lessonRows };
  }),

  implement(questionBankAdmin.createQuestion, async (ctx, { question }) => {
    const now = ctx.services.clock.now();
    // The editor's first save: checked like any save, so a refused one stores nothing. Without a
    // question (the spec's form) a draft: unpublished, no answer yet, hidden from students.
    const stored = question ? await checkedQuestion(ctx.services.db, question) : editableQuestion.parse({ questionType: 'VARIANTS', rightAnswers: [] });
    const row = await ctx.services.db
      .insertInto('questions_p1')
      .values({ ...storedColumnsOf(stored), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirst();
    if (!row) fail(T.createFailed);
    ctx.services.log.info(`questions_p1 ${row.id}: created by user ${ctx.user.id}`);
    return { questionId: row.id };
  }),

  implement(questionBankAdmin.saveQuestion, async (ctx, { questionId, question }) => {
    const db = ctx.services.db;
    await questionRow(db, questionId);
    const tidy = await checkedQuestion(db, question);
    await db
      .updateTable('questions_p1')
      .set({ ...storedColumnsOf(tidy), updated_at: ctx.services.clock.now() })
      .where('id', '=', questionId)
      .execute();
    ctx.services.log.info(`questions_p1 ${questionId}: saved by user ${ctx.user.id}`);
    return {};
  }),

  implement(questionBankAdmin.deleteImageQuestion, async (ctx, { questionId }) => {
    const row = await questionRow(ctx.services.db, questionId);
    if (row.image_path === '') fail(T.noData);
    await removeQuestionImage(ctx.services, row.id, row.image_path);
    return {};
  }),
];
