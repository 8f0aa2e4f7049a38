import { knowledge } from '../../../src/shared/contract';
import { KNOWLEDGE_TEXTS as T } from '../../../src/shared/contract/knowledge';
import { isQuestionType, QUESTION_BANK_TEXTS, shortTextOf, tidyQuestion, validateQuestion } from '../../../src/shared/domain/question-bank-p1';
import { editableQuestion } from '../../../src/shared/contract/question-bank-admin';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';
import { bankReference, editableQuestionOf, storedColumnsOf } from '../../questions/bank-store';
import { chunkOf, chunkQuestions, chunkRow, cleanOf, createChunk, deleteChunk, editChunk, linkQuestion, listChunks, publishChunks, removeDraftIfUnused } from './chunk-store';
import { answerKnowledgeQuestion, knowledgeChunk, knowledgeGrid, knowledgeTest, theoryChunk } from './knowledge-map';
import { parseBoundedJson } from '../../contract/bounded-json';
import { isRecord } from '../../../src/shared/guards';

async function questionRow(db: Db, questionId: number) {
  const row = await db.selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirst();
  if (!row) fail(T.noQuestion);
  return row;
}

/**
 * The knowledge-base editor's update: the body of qQuestion replaces the question's content; the
 * published and self-made flags, exam and lesson numbers, image and second text stay as stored
 * (back-office §3 'Question P1', knowledge-base editor).
 */
async function updateTheoryQuestion(db: Db, questionId: number, qQuestion: string, now: number): Promise<void> {
  const row = await questionRow(db, questionId);
  // Bounded (depth, sizes): the question is stored back with JSON.stringify, which recurses.
  const read = parseBoundedJson(qQuestion);
  if (!read.ok) fail(T.badQuestionJson);
  const body = read.value;
  if (!isRecord(body)) fail(T.badQuestionJson);
  const stored = editableQuestionOf(row);
  const { isPublished: _p, isSelfmade: _s, qEgeNum: _e, qLessonNum: _l, questionImage: _i, questionText2: _t, ...content } = body;
  const parsed = editableQuestion.safeParse({ questionType: 'VARIANTS', ...content, isPublished: stored.isPublished, isSelfmade: stored.isSelfmade, qEgeNum: stored.qEgeNum, qLessonNum: stored.qLessonNum, questionImage: stored.questionImage, questionText2: stored.questionText2 });
  if (!parsed.success) fail(T.badQuestionJson);
  if (!isQuestionType(parsed.data.questionType)) fail(QUESTION_BANK_TEXTS.unsupportedType);
  const tidy = tidyQuestion({ ...parsed.data, questionType: parsed.data.questionType });
  const first = Object.values(validateQuestion(tidy, await bankReference(db)))[0];
  if (first) fail(first);
  await db.updateTable('questions_p1').set({ ...storedColumnsOf(tidy), updated_at: now }).where('id', '=', questionId).execute();
}

/** Handlers of the knowledge base and the knowledge map, one per contract in src/shared/contract/knowledge.ts. */
export const knowledgeHandlers = [
  implement(knowledge.getChunks, async (ctx, input) => {
    if (input.chunkId !== '') {
      const row = await chunkRow(ctx.services.db, input.chunkId);
      return { chunks: [chunkOf(row)], total: 1 };
    }
    return listChunks(ctx.services.db, { page: input.page, limit: input.limit, filter: input.filter90Plus });
  }),
  implement(knowledge.createChunk, async (ctx) => {
    const created = await createChunk(ctx.services.db, ctx.services.clock.now());
    ctx.services.log.info(`kb_chunks ${created.chunk.chunkId}: created by user ${ctx.user.id}`);
    return created;
  }),
  implement(knowledge.editChunk, async (ctx, { chunkId, chunk }) => {
    const { answerTextClean: _ignored, ...changes } = chunk;
    return { chunk: await editChunk(ctx.services.db, chunkId, changes, ctx.services.clock.now()) };
  }),
  implement(knowledge.deleteChunk, async (ctx, { chunkId }) => {
    await deleteChunk(ctx.services.db, chunkId);
    ctx.services.log.info(`kb_chunks ${chunkId}: deleted by user ${ctx.user.id}`);
    return {};
  }),
  implement(knowledge.markdownToClean, async (_ctx, { markdown }) => cleanOf(markdown)),
  implement(knowledge.publishChunks, async (ctx) => {
    const published = await publishChunks(ctx.services.db, ctx.services.clock.now());
    ctx.services.log.info(`knowledge base: ${published} chunks published by user ${ctx.user.id}`);
    return { published, message: T.published(published) };
  }),
  implement(knowledge.setTheoryQuestion, async (ctx, input) => {
    const db = ctx.services.db;
    const now = ctx.services.clock.now();
    if (input.method === 'create') {
      const chunk = await chunkRow(db, input.chunkId);
      if (input.questionId !== undefined) {
        await questionRow(db, input.questionId);
        await linkQuestion(db, chunk.id, input.questionId);
        return { questionId: input.questionId };
      }
      // A draft in the chunk's lesson: unpublished until the editor saves it complete.
      const lesson = chunk.lesson_num > 0 ? await db.selectFrom('lessons').innerJoin('chapters', 'chapters.id', 'lessons.chapter_id').select(['lessons.number', 'chapters.name']).where('lessons.number', '=', chunk.lesson_num).executeTakeFirst() : undefined;
      const draft = editableQuestion.parse({ questionType: 'VARIANTS', rightAnswers: [], qLessonNum: lesson?.number ?? 0, qChapter: lesson?.name ?? '' });
      const questionId = await db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('questions_p1').values({ ...storedColumnsOf(draft), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
        await linkQuestion(trx, chunk.id, row.id);
        return row.id;
      });
      ctx.services.log.info(`questions_p1 ${questionId}: created for kb_chunks ${chunk.id} by user ${ctx.user.id}`);
      return { questionId };
    }
    if (input.method === 'update') {
      await updateTheoryQuestion(db, input.questionId, input.qQuestion, now);
      return { questionId: input.questionId };
    }
    await questionRow(db, input.questionId);
    await db.transaction().execute(async (trx) => {
      let unlink = trx.deleteFrom('kb_chunk_questions').where('question_id', '=', input.questionId);
      if (input.chunkId !== undefined) unlink = unlink.where('chunk_id', '=', input.chunkId);
      await unlink.execute();
      await removeDraftIfUnused(trx, input.questionId);
    });
    return { questionId: input.questionId };
  }),
  implement(knowledge.getTheoryQuestion, async (ctx, { questionId }) => {
    const question = editableQuestionOf(await questionRow(ctx.services.db, questionId));
    return { question: { qQuestion: JSON.stringify(question) } };
  }),
  implement(knowledge.getQuestionsForChunk, async (ctx, { chunkId }) => {
    await chunkRow(ctx.services.db, chunkId);
    const rows = await chunkQuestions(ctx.services.db, chunkId);
    return {
      questions: rows.map((row) => {
        const question = editableQuestionOf(row);
        return { qId: row.id, shortText: shortTextOf(question.questionText), questionType: row.question_type, isPublished: row.is_published === 1 ? ('1' as const) : ('0' as const) };
      }),
    };
  }),

  implement(knowledge.getKnowledgeGrid, async (ctx, { mapType }) => ({ knowledgeGrid: await knowledgeGrid(ctx.services.db, ctx.user, mapType, ctx.services.clock.now()) })),
  implement(knowledge.getKnowledgeChunk, async (ctx, { chunkId }) => knowledgeChunk(ctx.services.db, ctx.user, chunkId, ctx.services.clock.now())),
  implement(knowledge.getTheoryChunk, async (ctx, { chunkId }) => theoryChunk(ctx.services.db, chunkId)),
  implement(knowledge.getKnowledgeQuestions, async (ctx, { chunkId, startTest }) => knowledgeTest(ctx.services.db, ctx.user.id, chunkId, startTest === '1', ctx.services.clock.now())),
  implement(knowledge.switchKnowledgeQuestion, async (ctx, input) => {
    await answerKnowledgeQuestion(ctx.services.db, ctx.user.id, { ...input, finishTest: input.finishTest === '1' }, ctx.services.clock.now());
    return {};
  }),
];
