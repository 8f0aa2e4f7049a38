import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Columns shared by the working and the published chunk tables (back-office §3 'Chunk'). */
function chunkColumns<T extends string>(table: CreateTableBuilder<T, never>) {
  return (
    table
      .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
      // 0 = no lesson (organisational chunks).
      .addColumn('lesson_num', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('is_90plus', 'integer', (col) => col.notNull().defaultTo(0))
      // 'theory' (theory bot, knowledge map) or 'org' (organisational bot).
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('theory'))
      .addColumn('answer_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('answer_text_clean', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('num_words', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', instant, (col) => col.notNull())
      .addColumn('updated_at', instant, (col) => col.notNull())
  );
}

/**
 * The knowledge base (back-office §2.15): admins edit `kb_chunks` and its question links;
 * publishing replaces `kb_published_chunks` and `kb_published_questions` with a copy in one
 * transaction, so students, the knowledge map and the assistant never see a half-edited base.
 * The published table carries the Russian full-text index the assistant retrieves from:
 * - PostgreSQL: a generated tsvector (Snowball 'russian'), the name weighted above the text;
 * - SQLite: an FTS5 table of stems (ru_stems, the same Snowball algorithm) kept by triggers.
 * Knowledge tests ('Клетка знаний'): one attempt per start, answers scored by the question engine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await chunkColumns(withIdColumn(db.schema.createTable('kb_chunks'), dialect)).execute();
  await db.schema
    .createTable('kb_chunk_questions')
    .addColumn('chunk_id', 'integer', (col) => col.notNull().references('kb_chunks.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('kb_chunk_questions_pk', ['chunk_id', 'question_id'])
    .execute();
  await db.schema.createIndex('kb_chunk_questions_question_idx').on('kb_chunk_questions').column('question_id').execute();

  // Same ids as the working rows they were copied from, so links and citations survive a publish.
  await chunkColumns(db.schema.createTable('kb_published_chunks').addColumn('id', 'integer', (col) => col.primaryKey())).execute();
  await db.schema
    .createTable('kb_published_questions')
    .addColumn('chunk_id', 'integer', (col) => col.notNull().references('kb_published_chunks.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('kb_published_questions_pk', ['chunk_id', 'question_id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`alter table kb_published_chunks add column search tsvector generated always as (
      setweight(to_tsvector('russian', replace(replace(lower(name), 'ё', 'е'), 'Ё', 'е')), 'A') ||
      setweight(to_tsvector('russian', replace(replace(lower(answer_text_clean), 'ё', 'е'), 'Ё', 'е')), 'B')) stored`.execute(db);
    await sql`create index kb_published_chunks_search_idx on kb_published_chunks using gin (search)`.execute(db);
  } else {
    await sql`create virtual table kb_published_search using fts5(name_stems, text_stems, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
    await sql`create trigger kb_published_search_insert after insert on kb_published_chunks begin
        insert into kb_published_search (rowid, name_stems, text_stems) values (new.id, ru_stems(new.name), ru_stems(new.answer_text_clean));
      end`.execute(db);
    await sql`create trigger kb_published_search_update after update on kb_published_chunks begin
        delete from kb_published_search where rowid = old.id;
        insert into kb_published_search (rowid, name_stems, text_stems) values (new.id, ru_stems(new.name), ru_stems(new.answer_text_clean));
      end`.execute(db);
    await sql`create trigger kb_published_search_delete after delete on kb_published_chunks begin
        delete from kb_published_search where rowid = old.id;
      end`.execute(db);
  }

  await withIdColumn(db.schema.createTable('kb_test_attempts'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chunk_id', 'integer', (col) => col.notNull())
    // 'Выполняется' while answering, 'Готово' once finished.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_at', instant, (col) => col.notNull())
    .addColumn('finished_at', instant)
    .execute();
  await db.schema.createIndex('kb_test_attempts_user_idx').on('kb_test_attempts').columns(['user_id', 'chunk_id']).execute();
  await db.schema
    .createTable('kb_test_answers')
    .addColumn('attempt_id', 'integer', (col) => col.notNull().references('kb_test_attempts.id').onDelete('cascade'))
    .addColumn('q_order', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('user_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('points', 'integer')
    .addColumn('max_points', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('answered_at', instant)
    .addPrimaryKeyConstraint('kb_test_answers_pk', ['attempt_id', 'q_order'])
    .execute();
  await db.schema.createIndex('kb_test_answers_user_idx').on('kb_test_answers').columns(['user_id', 'question_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
