import * as bank from '../../../src/shared/contract/question-bank-p2';
import { P2_TEXTS as T, shortLine, tidyP2, validateP2, type P2Fields } from '../../../src/shared/domain/question-bank-p2';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';
import { enqueueJob } from '../../jobs/queue';
import type { Services } from '../../services';
import { digitizeManyPoyasnJob, digitizePoyasnJob, latestManyRun, MANY_JOB_KEY, MANY_STATUS, manyProgressBody, runProgress, singleJobKey } from './digitize-job';
import { removeP2Images } from './images';
import { columnsOf, courseReference, hasTrainingAnswers, homeworkUse, requireP2, wireQuestion } from './store';

/** The rules of src/shared/domain/question-bank-p2.ts against the course; the first problem is the message. */
async function checkedFields(db: Db, fields: P2Fields, hasQuestionImage: boolean): Promise<P2Fields> {
  const tidy = tidyP2(fields);
  const errors = validateP2(tidy, await courseReference(db), hasQuestionImage);
  const first = Object.values(errors)[0];
  if (first) fail(first, { errors });
  return tidy;
}

/** OCR must work on this server, said in its own Russian line when it does not. */
async function requireOcr(services: Services): Promise<void> {
  const { problem } = await services.ocr.status();
  if (problem) fail(problem);
}

/** Handlers of the part 2 bank, one per contract in src/shared/contract/question-bank-p2.ts. */
export const questionBankP2Handlers = [
  implement(bank.getQuestionsList, async (ctx) => {
    const [rows, ocr] = await Promise.all([ctx.services.db.selectFrom('questions_p2').selectAll().orderBy('id').execute(), ctx.services.ocr.status()]);
    return {
      questions: rows.map((row) => ({
        qId: row.id,
        qTaskNumber: row.task_number,
        qLessonNumber: row.lesson_num,
        qChapter: row.chapter,
        qMaxBall: row.max_points,
        qPublic: row.is_public === 1 ? ('1' as const) : ('0' as const),
        is90Plus: row.is_90plus === 1 ? ('1' as const) : ('0' as const),
        hasQuestionImage: row.question_image !== '' ? ('1' as const) : ('0' as const),
        hasPoyasnImage: row.explanation_image !== '' ? ('1' as const) : ('0' as const),
        hasMarkdown: row.explanation_markdown !== '' ? ('1' as const) : ('0' as const),
        hasCriteria: row.criteria !== '' ? ('1' as const) : ('0' as const),
        shortText: shortLine(row.question),
      })),
      ocrProblem: ocr.problem ?? '',
    };
  }),

  implement(bank.getChapters, async (ctx) => {
    const reference = await courseReference(ctx.services.db);
    return { chapters: [...reference.chapters], lessons: reference.lessonRows };
  }),

  implement(bank.getQuestion, async (ctx, { questionId }) => {
    const db = ctx.services.db;
    return { question: await wireQuestion(db, await requireP2(db, questionId)) };
  }),

  implement(bank.createQuestion, async (ctx, { question }) => {
    const db = ctx.services.db;
    const fields = await checkedFields(db, question, false);
    const now = ctx.services.clock.now();
    const row = await db
      .insertInto('questions_p2')
      .values({ ...columnsOf(fields), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirst();
    if (!row) fail(T.createFailed);
    ctx.services.log.info(`questions_p2 ${row.id}: created by user ${ctx.user.id}`);
    return { questionId: row.id };
  }),

  implement(bank.editQuestion, async (ctx, { question }) => {
    const db = ctx.services.db;
    const { qId, ...fields } = question;
    const row = await requireP2(db, qId);
    const tidy = await checkedFields(db, fields, row.question_image !== '');
    const markdownCleared = tidy.qMarkDownPoyasn === '' && row.explanation_markdown !== '';
    await db
      .updateTable('questions_p2')
      .set({ ...columnsOf(tidy), ...(markdownCleared ? { explanation_digitize_error: '' } : {}), updated_at: ctx.services.clock.now() })
      .where('id', '=', qId)
      .execute();
    ctx.services.log.info(`questions_p2 ${qId}: saved by user ${ctx.user.id}`);
    return {};
  }),

  implement(bank.deleteQuestion, async (ctx, { questionId }) => {
    const { db, log } = ctx.services;
    const row = await requireP2(db, questionId);
    const use = await homeworkUse(db, questionId);
    if (use.homeworks.length > 0) fail(T.usedInHomework(use.homeworks));
    // Students' training answers and checks keep their question: deleting it would lose them.
    if (await hasTrainingAnswers(db, questionId)) fail(T.usedElsewhere);
    try {
      await db.deleteFrom('questions_p2').where('id', '=', questionId).execute();
    } catch (error) {
      // Answers elsewhere (homework answers, trainings) keep their question by a foreign key.
      log.warn(`questions_p2 ${questionId}: delete refused by the database: ${error instanceof Error ? error.message : String(error)}`);
      fail(T.usedElsewhere);
    }
    await removeP2Images(ctx.services, [row.question_image, row.explanation_image]);
    log.info(`questions_p2 ${questionId}: deleted by user ${ctx.user.id}`);
    return {};
  }),

  implement(bank.digitizePoyasnP2, async (ctx, { questionId }) => {
    const { db, clock } = ctx.services;
    const row = await requireP2(db, questionId);
    if (row.explanation_image === '') fail(T.noExplanationImage);
    if (row.explanation_markdown !== '') fail(T.markdownNotEmpty);
    await requireOcr(ctx.services);
    const now = clock.now();
    // A second press while it waits leaves the pending job as it is (one job per question key).
    await enqueueJob(db, digitizePoyasnJob, { questionIds: [questionId], startedAt: now, userId: ctx.user.id }, { runAt: now, key: singleJobKey(questionId), now });
    return {};
  }),

  implement(bank.digitizeManyPoyasnP2, async (ctx, { toDigitize }) => {
    const { db, clock } = ctx.services;
    await requireOcr(ctx.services);
    const running = await db.selectFrom('jobs').select('status').where('key', '=', MANY_JOB_KEY).executeTakeFirst();
    if (running?.status === 'pending') fail(T.digitizeRunning);
    const rows = await db
      .selectFrom('questions_p2')
      .select('id')
      .where('explanation_image', '!=', '')
      .where('explanation_markdown', '=', '')
      .orderBy('id')
      .limit(toDigitize)
      .execute();
    if (rows.length === 0) fail(T.nothingToDigitize);
    const now = clock.now();
    const questionIds = rows.map((row) => row.id);
    await enqueueJob(db, digitizeManyPoyasnJob, { questionIds, startedAt: now, userId: ctx.user.id }, { runAt: now, key: MANY_JOB_KEY, now });
    ctx.services.log.info(`questions_p2: digitizing ${questionIds.length} explanations for user ${ctx.user.id}`);
    return { queued: questionIds.length };
  }),

  implement(bank.triggerUpdateInfoManyPoyasnP2, async (ctx) => {
    const run = await latestManyRun(ctx.services.db);
    const body = run
      ? manyProgressBody(run, await runProgress(ctx.services.db, run), !run.pending, !run.pending && run.lastError ? run.lastError : '')
      : { totalDigitized: 0, toDigitize: 0, digitizedQuestions: [], isFinished: '1' as const, status: MANY_STATUS.idle };
    await ctx.services.live.push(ctx.user.id, bank.updateInfoManyPoyasnP2, body);
    return {};
  }),
];
