import * as textbooks from '../../../src/shared/contract/textbooks';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { enqueueJob } from '../../jobs/queue';
import { digitizeBookPagesJob, digitizeJobKey, DIGITIZE_STATUS, progressBody, readRuns, runProgress } from './digitize-job';
import { searchPages } from './search';
import { listBooks, pageImageAddress, requireBook, requirePageOf, upsertPage } from './store';

const bookColumns = (book: { title: string; author: string; publishYear: number | ''; pages: number }) => ({
  title: book.title,
  author: book.author,
  publish_year: book.publishYear === '' ? '' : String(book.publishYear),
  pages: book.pages,
});

export const textbooksHandlers = [
  implement(textbooks.getBooks, async (ctx) => {
    const [books, ocr] = await Promise.all([listBooks(ctx.services.db), ctx.services.ocr.status()]);
    return { books, ocrProblem: ocr.problem ?? '' };
  }),

  implement(textbooks.createBook, async (ctx, book) => {
    const now = ctx.services.clock.now();
    const row = await ctx.services.db
      .insertInto('textbooks')
      .values({ ...bookColumns(book), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: String(row.id) };
  }),

  implement(textbooks.updateBook, async (ctx, { id, book }) => {
    await requireBook(ctx.services.db, id);
    // Fewer pages hide the pages beyond the new count; their images and texts stay, so a mistyped
    // count loses nothing and raising it again brings them back.
    await ctx.services.db.updateTable('textbooks').set({ ...bookColumns(book), updated_at: ctx.services.clock.now() }).where('id', '=', id).execute();
    return {};
  }),

  implement(textbooks.getBookPage, async (ctx, { bookId, page }) => {
    const book = await requireBook(ctx.services.db, bookId);
    requirePageOf(book, page);
    const row = await ctx.services.db
      .selectFrom('textbook_pages')
      .select(['image_key', 'page_text', 'text_source', 'digitize_error'])
      .where('book_id', '=', bookId)
      .where('page', '=', page)
      .executeTakeFirst();
    return {
      imageName: pageImageAddress(row?.image_key ?? ''),
      pageText: row?.page_text ?? '',
      textSource: row?.text_source ?? '',
      digitizeError: row?.digitize_error ?? '',
    };
  }),

  implement(textbooks.updateBookPage, async (ctx, { bookId, page, pageText }) => {
    const book = await requireBook(ctx.services.db, bookId);
    requirePageOf(book, page);
    const text = pageText.replace(/\r\n?/g, '\n');
    await upsertPage(ctx.services.db, bookId, page, {
      page_text: text,
      text_source: text.trim() === '' ? '' : 'manual',
      updated_at: ctx.services.clock.now(),
      updated_by: ctx.user.id,
    });
    return {};
  }),

  implement(textbooks.digitizeManyBookPages, async (ctx, { bookId, toDigitize, onlyEmpty }) => {
    const { db, clock, ocr } = ctx.services;
    const book = await requireBook(db, bookId);
    const { problem } = await ocr.status();
    if (problem) fail(problem);
    const running = await db.selectFrom('jobs').select('status').where('key', '=', digitizeJobKey(bookId)).executeTakeFirst();
    if (running?.status === 'pending') fail('Расшифровка этого учебника уже идёт: дождитесь её окончания');
    const wanted = [...new Set(toDigitize)].filter((page) => page <= book.pages).sort((a, b) => a - b);
    let query = db.selectFrom('textbook_pages').select('page').where('book_id', '=', bookId).where('image_key', '!=', '');
    if (onlyEmpty === '1') query = query.where('page_text', '=', '');
    const candidates = new Set((await query.execute()).map((row) => row.page));
    const pages = wanted.filter((page) => candidates.has(page));
    if (pages.length === 0) fail(onlyEmpty === '1' ? 'Среди выбранных страниц нет страниц с изображением и без расшифровки' : 'У выбранных страниц нет изображений');
    const now = clock.now();
    await enqueueJob(db, digitizeBookPagesJob, { bookId, pages, startedAt: now, userId: ctx.user.id, onlyEmpty: onlyEmpty === '1' }, { runAt: now, key: digitizeJobKey(bookId), now });
    return { queued: pages.length };
  }),

  implement(textbooks.triggerUpdateInfoDigitizeManyBookPages, async (ctx) => {
    const runs = await readRuns(ctx.services.db);
    const shown = runs.filter((run) => run.pending);
    if (shown.length === 0 && runs[0]) shown.push(runs[0]);
    if (shown.length === 0) {
      await ctx.services.live.push(ctx.user.id, textbooks.updateInfoDigitizeManyBookPages, {
        bookId: '',
        totalDigitized: 0,
        toDigitize: 0,
        digitizedPages: [],
        isFinished: '1',
        status: DIGITIZE_STATUS.idle,
      });
      return {};
    }
    for (const run of shown) {
      const body = progressBody(run, await runProgress(ctx.services.db, run), !run.pending);
      await ctx.services.live.push(ctx.user.id, textbooks.updateInfoDigitizeManyBookPages, run.lastError && !run.pending ? { ...body, status: `Ошибка: ${run.lastError}` } : body);
    }
    return {};
  }),

  implement(textbooks.searchBookPages, async (ctx, { query }) => ({ matches: await searchPages(ctx.services.db, ctx.services.dialect, query) })),
];
