import { sql, type Kysely } from 'kysely';
import { dialectOf } from './helpers';

/**
 * Russian full-text search over timecode tags (Materials 'video search'). The index is derived in
 * SQL, so every write to `timecodes` (seed, back-office editor, anything later) keeps it right:
 * - PostgreSQL: a generated tsvector column (Snowball 'russian' stemmer) with a GIN index;
 * - SQLite: an FTS5 table of tag stems filled by triggers that call `ru_stems(tag)`, the same
 *   Snowball algorithm registered on every connection (server/db/index.ts, search/russian-stemmer.ts).
 * Both lower-case and turn ё into е first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if ((await dialectOf(db)) === 'postgres') {
    await sql`alter table timecodes add column tag_search tsvector
      generated always as (to_tsvector('russian', replace(replace(lower(tag), 'ё', 'е'), 'Ё', 'е'))) stored`.execute(db);
    await sql`create index timecodes_tag_search_idx on timecodes using gin (tag_search)`.execute(db);
    return;
  }
  await sql`create virtual table timecode_search using fts5(stems, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  await sql`insert into timecode_search (rowid, stems) select id, ru_stems(tag) from timecodes`.execute(db);
  await sql`create trigger timecode_search_insert after insert on timecodes begin
      insert into timecode_search (rowid, stems) values (new.id, ru_stems(new.tag));
    end`.execute(db);
  await sql`create trigger timecode_search_update after update of id, tag on timecodes begin
      delete from timecode_search where rowid = old.id;
      insert into timecode_search (rowid, stems) values (new.id, ru_stems(new.tag));
    end`.execute(db);
  await sql`create trigger timecode_search_delete after delete on timecodes begin
      delete from timecode_search where rowid = old.id;
    end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
