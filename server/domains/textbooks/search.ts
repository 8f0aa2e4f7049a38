import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';
import { queryStems, stemText } from '../../search/russian-stemmer';

export interface PageMatch {
  bookId: string;
  title: string;
  page: number;
  snippet: string;
}

const LIMIT = 50;
const SNIPPET_CHARS = 220;

/**
 * Pages whose transcription has every word of the query (by stem, so word forms match; the last
 * word also as a prefix), best first. Uses the index of migration 0080.
 */
export async function searchPages(db: Db, dialect: Dialect, query: string): Promise<PageMatch[]> {
  const stems = queryStems(query);
  if (stems.length === 0) return [];
  type Row = { book_id: number; title: string; page: number; page_text: string };
  let rows: Row[];
  if (dialect === 'postgres') {
    const tsquery = stems.map((stem) => `${stem}:*`).join(' & ');
    ({ rows } = await sql<Row>`
      select p.book_id, b.title, p.page, p.page_text
      from textbook_pages p join textbooks b on b.id = p.book_id
      where p.text_search @@ to_tsquery('simple', ${tsquery}) and p.page <= b.pages
      order by ts_rank(p.text_search, to_tsquery('simple', ${tsquery}), 1) desc, p.book_id, p.page
      limit ${LIMIT}`.execute(db));
  } else {
    const match = stems.map((stem) => `"${stem}"*`).join(' AND ');
    ({ rows } = await sql<Row>`
      select p.book_id, b.title, p.page, p.page_text
      from textbook_page_search s join textbook_pages p on p.id = s.rowid join textbooks b on b.id = p.book_id
      where textbook_page_search match ${match} and p.page <= b.pages
      order by bm25(textbook_page_search), p.book_id, p.page
      limit ${LIMIT}`.execute(db));
  }
  return rows.map((row) => ({ bookId: String(row.book_id), title: row.title, page: Number(row.page), snippet: snippetOf(row.page_text, stems) }));
}

/** About two lines of the page around the first word whose stem is in the query. */
export function snippetOf(text: string, stems: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let at = 0;
  for (const word of flat.matchAll(/[A-Za-zА-ЯЁа-яё0-9]+/g)) {
    const stem = stemText(word[0]);
    if (stems.some((wanted) => stem.startsWith(wanted))) {
      at = word.index ?? 0;
      break;
    }
  }
  const start = Math.max(0, at - 60);
  const cut = flat.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < flat.length ? '…' : ''}`;
}
