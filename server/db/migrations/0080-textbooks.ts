import { sql, type Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Textbooks of the school (back-office §2.14): a book with its page count, and a row per page that
 * has an image or a transcription. `text_source` says where the text came from ('ocr' or 'manual'),
 * so a bulk digitisation never overwrites a curator's edit unless asked. The transcriptions get the
 * same Russian full-text index as timecode tags (migration 0010): a generated tsvector on
 * PostgreSQL, an FTS5 table of stems kept by triggers on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('textbooks'), dialect)
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('publish_year', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pages', 'integer', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('textbook_pages'), dialect)
    .addColumn('book_id', 'integer', (col) => col.notNull().references('textbooks.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('image_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('page_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('text_source', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('digitized_at', instant)
    .addColumn('digitize_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addColumn('updated_by', 'integer')
    .addUniqueConstraint('textbook_pages_book_page_unique', ['book_id', 'page'])
    .execute();

  if (dialect === 'postgres') {
    await sql`alter table textbook_pages add column text_search tsvector
      generated always as (to_tsvector('russian', replace(replace(lower(page_text), 'ё', 'е'), 'Ё', 'е'))) stored`.execute(db);
    await sql`create index textbook_pages_text_search_idx on textbook_pages using gin (text_search)`.execute(db);
    return;
  }
  await sql`create virtual table textbook_page_search using fts5(stems, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  await sql`create trigger textbook_page_search_insert after insert on textbook_pages begin
      insert into textbook_page_search (rowid, stems) values (new.id, ru_stems(new.page_text));
    end`.execute(db);
  await sql`create trigger textbook_page_search_update after update of id, page_text on textbook_pages begin
      delete from textbook_page_search where rowid = old.id;
      insert into textbook_page_search (rowid, stems) values (new.id, ru_stems(new.page_text));
    end`.execute(db);
  await sql`create trigger textbook_page_search_delete after delete on textbook_pages begin
      delete from textbook_page_search where rowid = old.id;
    end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
