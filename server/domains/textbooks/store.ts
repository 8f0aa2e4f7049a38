import { sql, type Selectable } from 'kysely';
import { bookImagePath, TEXTBOOK_TEXTS, type Book } from '../../../src/shared/contract/textbooks';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { TextbooksTable } from '../../db/schema';

export type BookRow = Selectable<TextbooksTable>;

/** Every book with how many of its pages have an image and a transcription. */
export async function listBooks(db: Db): Promise<Book[]> {
  const rows = await db
    .selectFrom('textbooks as b')
    .leftJoin('textbook_pages as p', (join) => join.onRef('p.book_id', '=', 'b.id').on('p.page', '<=', sql.ref('b.pages')))
    .select(['b.id', 'b.title', 'b.author', 'b.publish_year', 'b.pages'])
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('p.image_key', '!=', '').then(1).end()).as('with_image'),
      eb.fn.count<number>(eb.case().when('p.page_text', '!=', '').then(1).end()).as('with_text'),
    ])
    .groupBy(['b.id', 'b.title', 'b.author', 'b.publish_year', 'b.pages'])
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    title: row.title,
    author: row.author,
    publishYear: row.publish_year,
    pages: String(row.pages),
    pagesWithImage: String(Number(row.with_image)),
    pagesWithText: String(Number(row.with_text)),
  }));
}

export async function requireBook(db: Db, bookId: number): Promise<BookRow> {
  const book = await db.selectFrom('textbooks').selectAll().where('id', '=', bookId).executeTakeFirst();
  if (!book) fail(TEXTBOOK_TEXTS.notFound);
  return book;
}

export function requirePageOf(book: BookRow, page: number): void {
  if (page < 1 || page > book.pages) fail(TEXTBOOK_TEXTS.pageOutOfRange);
}

/** The public address of a stored page image ('' for none). */
export function pageImageAddress(imageKey: string): string {
  return imageKey === '' ? '' : bookImagePath(imageKey.slice(imageKey.lastIndexOf('/') + 1));
}

/** Creates the page row if missing, then applies `values` (the row is the page's only state). */
export async function upsertPage(
  db: Db,
  bookId: number,
  page: number,
  values: Partial<{ image_key: string; page_text: string; text_source: string; digitized_at: number | null; digitize_error: string; updated_by: number | null }> & { updated_at: number },
): Promise<void> {
  await db
    .insertInto('textbook_pages')
    .values({ book_id: bookId, page, ...values })
    .onConflict((oc) => oc.columns(['book_id', 'page']).doUpdateSet(values))
    .execute();
}
