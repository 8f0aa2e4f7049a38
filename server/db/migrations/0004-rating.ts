import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Tables of the rating area. `rating_changes` is the rating ledger: one row per change, the
 * rating is their sum. (source_kind, source_id, user_id) is unique, so an activity that
 * earned a change cannot award it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('rating_changes'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Integer tenths: the wire shows one decimal, sums stay exact.
    .addColumn('tenths', 'integer', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('source_kind', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addUniqueConstraint('rating_changes_source_uq', ['source_kind', 'source_id', 'user_id'])
    .execute();
  await db.schema.createIndex('rating_changes_user_idx').on('rating_changes').columns(['user_id', 'created_at']).execute();
  // The top sums every student's changes of a period.
  await db.schema.createIndex('rating_changes_created_idx').on('rating_changes').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
