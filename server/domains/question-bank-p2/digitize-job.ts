import { z } from 'zod';
import { updateInfoManyPoyasnP2, updateMarkdownPoyasnP2 } from '../../../src/shared/contract/question-bank-p2';
import { P2_TEXTS as T } from '../../../src/shared/domain/question-bank-p2';
import type { Db } from '../../db';
import { defineJob } from '../../jobs/job';
import { ocrTextToMarkdown } from '../../providers/ocr-markdown';
import { OcrUnavailable } from '../../providers/ocr';
import type { Services } from '../../services';
import { iconHolderIds } from '../textbooks/editors';

/**
 * OCR of part 2 explanation images into the explanation markdown (back-office §4, §7.2), one
 * question (digitize_poyasn_p2) or many (digitize_many_poyasn_p2), as durable jobs. What a run has
 * done is read from the questions themselves (explanation_digitized_at ≥ the run's start), so a run
 * resumed after a crash, or by another instance after the lease ran out, skips finished questions;
 * a text an editor typed meanwhile is never overwritten (the write requires an empty explanation).
 */

export const MANY_STATUS = {
  running: 'Оцифровка пояснений...',
  done: 'Оцифровка пояснений завершена',
  idle: 'Нет запущенной оцифровки',
} as const;

export const singleJobKey = (questionId: number) => `digitize-poyasn-p2:${questionId}`;
export const MANY_JOB_KEY = 'digitize-poyasn-p2-many';

const payload = z.object({
  questionIds: z.array(z.number().int()),
  startedAt: z.number().int(),
  userId: z.number().int(),
});
type Payload = z.infer<typeof payload>;

interface Progress {
  digitized: number[];
  failed: { questionId: number; error: string }[];
}

export async function runProgress(db: Db, run: Pick<Payload, 'questionIds' | 'startedAt'>): Promise<Progress> {
  if (run.questionIds.length === 0) return { digitized: [], failed: [] };
  const rows = await db
    .selectFrom('questions_p2')
    .select(['id', 'explanation_digitize_error'])
    .where('id', 'in', run.questionIds)
    .where('explanation_digitized_at', '>=', run.startedAt)
    .orderBy('id')
    .execute();
  return {
    digitized: rows.filter((row) => row.explanation_digitize_error === '').map((row) => row.id),
    failed: rows.filter((row) => row.explanation_digitize_error !== '').map((row) => ({ questionId: row.id, error: row.explanation_digitize_error })),
  };
}

export function manyProgressBody(run: Pick<Payload, 'questionIds'>, progress: Progress, finished: boolean, failure = '') {
  const failures = progress.failed.map((item) => `№${item.questionId}: ${item.error}`);
  return {
    totalDigitized: progress.digitized.length + progress.failed.length,
    toDigitize: run.questionIds.length,
    digitizedQuestions: progress.digitized,
    isFinished: finished ? ('1' as const) : ('0' as const),
    status: failure
      ? `${T.digitizeFailed}: ${failure}`
      : !finished
        ? MANY_STATUS.running
        : failures.length > 0
          ? `Ошибки: ${failures.slice(0, 5).join('; ')}${failures.length > 5 ? ' …' : ''}`
          : MANY_STATUS.done,
  };
}

const editors = (services: Services) => iconHolderIds(services, 'questionsP2');

/** One question: its explanation image through OCR into markdown, or the reason it could not be read. */
async function digitizeQuestion(services: Services, run: Payload, questionId: number): Promise<void> {
  const { db, clock, storage, ocr, log } = services;
  const row = await db.selectFrom('questions_p2').select(['explanation_image', 'explanation_markdown']).where('id', '=', questionId).executeTakeFirst();
  if (!row) return;
  const stamp = () => Math.max(clock.now(), run.startedAt);
  if (row.explanation_markdown !== '') {
    // Filled by hand while the run waited: that text stays, the question counts as done.
    await db.updateTable('questions_p2').set({ explanation_digitized_at: stamp(), explanation_digitize_error: '' }).where('id', '=', questionId).execute();
    await services.live.push(await editors(services), updateMarkdownPoyasnP2, { questionId, markdown: row.explanation_markdown, error: '' });
    return;
  }
  const image = row.explanation_image !== '' ? await storage.readBytes(row.explanation_image) : null;
  let markdown = '';
  let error = '';
  if (!image) error = T.noExplanationImage;
  else {
    try {
      markdown = ocrTextToMarkdown(await ocr.recognize(image));
      if (markdown === '') error = 'на картинке не найден текст';
    } catch (caught) {
      if (caught instanceof OcrUnavailable) throw caught;
      error = caught instanceof Error ? caught.message.slice(0, 300) : String(caught);
    }
  }
  const now = clock.now();
  if (markdown !== '') {
    const written = await db
      .updateTable('questions_p2')
      .set({ explanation_markdown: markdown, explanation_digitized_at: stamp(), explanation_digitize_error: '', updated_at: now })
      .where('id', '=', questionId)
      .where('explanation_markdown', '=', '')
      .where('explanation_image', '=', row.explanation_image)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) {
      // Changed meanwhile (a typed text or a new picture): keep theirs, report what is stored now.
      const current = await db.selectFrom('questions_p2').select('explanation_markdown').where('id', '=', questionId).executeTakeFirst();
      await db.updateTable('questions_p2').set({ explanation_digitized_at: stamp(), explanation_digitize_error: '' }).where('id', '=', questionId).execute();
      markdown = current?.explanation_markdown ?? '';
    }
    log.info(`questions_p2 ${questionId}: explanation digitized (${markdown.length} chars) for user ${run.userId}`);
  } else {
    await db.updateTable('questions_p2').set({ explanation_digitized_at: stamp(), explanation_digitize_error: error }).where('id', '=', questionId).execute();
    log.warn(`questions_p2 ${questionId}: explanation not digitized: ${error}`);
  }
  await services.live.push(await editors(services), updateMarkdownPoyasnP2, { questionId, markdown, error: error ? `${T.digitizeFailed}: ${error}` : '' });
}

async function pushMany(services: Services, run: Payload, finished: boolean, failure = ''): Promise<void> {
  const body = manyProgressBody(run, await runProgress(services.db, run), finished, failure);
  await services.live.push(await editors(services), updateInfoManyPoyasnP2, body);
}

/** Runs the questions of one run in order; OCR missing on the server ends it with its reason. */
async function runQuestions(services: Services, run: Payload, afterEach: (finished: boolean, failure?: string) => Promise<void>) {
  const done = await runProgress(services.db, run);
  const skip = new Set([...done.digitized, ...done.failed.map((item) => item.questionId)]);
  for (const questionId of run.questionIds) {
    if (skip.has(questionId)) continue;
    try {
      await digitizeQuestion(services, run, questionId);
    } catch (error) {
      if (!(error instanceof OcrUnavailable)) throw error;
      await afterEach(true, error.message);
      return { failed: error.message };
    }
    await afterEach(false);
  }
  await afterEach(true);
}

/** One question's explanation (the 'Оцифровать' action of the edit dialog). */
export const digitizePoyasnJob = defineJob({
  kind: 'questions2.digitize-poyasn',
  payload,
  async run(services, run) {
    // Each question pushes its own result; only a run cut short by missing OCR needs one more word.
    return runQuestions(services, run, async (_finished, failure) => {
      if (!failure) return;
      for (const questionId of run.questionIds) await services.live.push(await editors(services), updateMarkdownPoyasnP2, { questionId, markdown: '', error: `${T.digitizeFailed}: ${failure}` });
    });
  },
});

/** Many explanations with progress pushes after each question. */
export const digitizeManyPoyasnJob = defineJob({
  kind: 'questions2.digitize-poyasn-many',
  payload,
  async run(services, run) {
    await pushMany(services, run, false);
    return runQuestions(services, run, (finished, failure) => pushMany(services, run, finished, failure));
  },
});

/** The latest bulk run, if any, and whether it is still going. */
export async function latestManyRun(db: Db): Promise<(Payload & { pending: boolean; lastError: string }) | null> {
  const row = await db.selectFrom('jobs').select(['payload', 'status', 'last_error']).where('key', '=', MANY_JOB_KEY).executeTakeFirst();
  if (!row) return null;
  const parsed = payload.safeParse(JSON.parse(row.payload));
  return parsed.success ? { ...parsed.data, pending: row.status === 'pending', lastError: row.last_error } : null;
}
