import { z } from 'zod';
import { updateInfoDigitizeManyBookPages } from '../../../src/shared/contract/textbooks';
import type { Db } from '../../db';
import { defineJob } from '../../jobs/job';
import { ocrTextToMarkdown } from '../../providers/ocr-markdown';
import { OcrUnavailable } from '../../providers/ocr';
import type { Services } from '../../services';
import { iconHolderIds } from './editors';
import { upsertPage } from './store';

export const DIGITIZE_STATUS = {
  running: 'Расшифровка...',
  done: 'Расшифровка завершена',
  idle: 'Нет запущенной расшифровки',
} as const;

export const digitizeJobKey = (bookId: number) => `digitize-book:${bookId}`;

const payload = z.object({
  bookId: z.number().int(),
  pages: z.array(z.number().int()),
  /** When the run was asked for: pages digitised since then count as done (a resumed run skips them). */
  startedAt: z.number().int(),
  userId: z.number().int(),
  /** Leave pages that have a transcription by then (a curator may type one while the run waits). */
  onlyEmpty: z.boolean(),
});
type Payload = z.infer<typeof payload>;

interface Progress {
  digitized: number[];
  failed: { page: number; error: string }[];
}

/** What this run has done so far, read from the pages themselves (survives a crash or a second instance). */
export async function runProgress(db: Db, run: Pick<Payload, 'bookId' | 'pages' | 'startedAt'>): Promise<Progress> {
  if (run.pages.length === 0) return { digitized: [], failed: [] };
  const rows = await db
    .selectFrom('textbook_pages')
    .select(['page', 'digitize_error'])
    .where('book_id', '=', run.bookId)
    .where('page', 'in', run.pages)
    .where('digitized_at', '>=', run.startedAt)
    .orderBy('page')
    .execute();
  return {
    digitized: rows.filter((row) => row.digitize_error === '').map((row) => row.page),
    failed: rows.filter((row) => row.digitize_error !== '').map((row) => ({ page: row.page, error: row.digitize_error })),
  };
}

export function progressBody(run: Pick<Payload, 'bookId' | 'pages'>, progress: Progress, finished: boolean) {
  const failures = progress.failed.map((item) => `стр. ${item.page}: ${item.error}`);
  return {
    bookId: String(run.bookId),
    totalDigitized: progress.digitized.length + progress.failed.length,
    toDigitize: run.pages.length,
    digitizedPages: progress.digitized,
    isFinished: finished ? ('1' as const) : ('0' as const),
    status: !finished ? DIGITIZE_STATUS.running : failures.length > 0 ? `Ошибки: ${failures.slice(0, 5).join('; ')}${failures.length > 5 ? ' …' : ''}` : DIGITIZE_STATUS.done,
  };
}

async function pushProgress(services: Services, run: Payload, finished: boolean): Promise<void> {
  const body = progressBody(run, await runProgress(services.db, run), finished);
  await services.live.push(await iconHolderIds(services, 'textbooks'), updateInfoDigitizeManyBookPages, body);
}

/** One page: its image through OCR into markdown, or the reason it could not be read. */
async function digitizePage(services: Services, run: Payload, page: number): Promise<void> {
  const { db, clock, storage, ocr } = services;
  const row = await db.selectFrom('textbook_pages').select(['image_key', 'page_text']).where('book_id', '=', run.bookId).where('page', '=', page).executeTakeFirst();
  if (run.onlyEmpty && row && row.page_text !== '') {
    await upsertPage(db, run.bookId, page, { digitized_at: Math.max(clock.now(), run.startedAt), digitize_error: '', updated_at: clock.now() });
    return;
  }
  const image = row && row.image_key !== '' ? await storage.readBytes(row.image_key) : null;
  let text: string | null = null;
  let error = '';
  if (!image) error = 'нет изображения страницы';
  else {
    try {
      text = ocrTextToMarkdown(await ocr.recognize(image));
      if (text === '') error = 'на изображении не найден текст';
    } catch (caught) {
      if (caught instanceof OcrUnavailable) throw caught;
      error = caught instanceof Error ? caught.message : String(caught);
    }
  }
  const now = clock.now();
  await upsertPage(
    db,
    run.bookId,
    page,
    text
      ? { page_text: text, text_source: 'ocr', digitized_at: Math.max(now, run.startedAt), digitize_error: '', updated_at: now, updated_by: run.userId }
      : { digitized_at: Math.max(now, run.startedAt), digitize_error: error, updated_at: now },
  );
}

/**
 * Digitises the pages of one book one after another, pushing progress to textbook editors after
 * each page. Pages done since `startedAt` are skipped, so a run taken over after a crash or an
 * expired lease resumes where it stopped; OCR missing on the server ends the run with its reason.
 */
export const digitizeBookPagesJob = defineJob({
  kind: 'textbooks.digitize-pages',
  payload,
  async run(services, run) {
    const book = await services.db.selectFrom('textbooks').select('id').where('id', '=', run.bookId).executeTakeFirst();
    if (!book) return;
    const done = await runProgress(services.db, run);
    const skip = new Set([...done.digitized, ...done.failed.map((item) => item.page)]);
    await pushProgress(services, run, false);
    for (const page of run.pages) {
      if (skip.has(page)) continue;
      try {
        await digitizePage(services, run, page);
      } catch (error) {
        if (!(error instanceof OcrUnavailable)) throw error;
        await pushProgress(services, run, true);
        return { failed: error.message };
      }
      await pushProgress(services, run, false);
    }
    await pushProgress(services, run, true);
  },
});

/** The latest run of each book that has one, running first. */
export async function readRuns(db: Db): Promise<Array<Payload & { pending: boolean; lastError: string }>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['payload', 'status', 'last_error', 'updated_at'])
    .where('kind', '=', digitizeBookPagesJob.kind)
    .orderBy('updated_at', 'desc')
    .limit(20)
    .execute();
  const runs = [];
  for (const row of rows) {
    const parsed = payload.safeParse(JSON.parse(row.payload));
    if (parsed.success) runs.push({ ...parsed.data, pending: row.status === 'pending', lastError: row.last_error });
  }
  return runs.sort((a, b) => Number(b.pending) - Number(a.pending));
}
