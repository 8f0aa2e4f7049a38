import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * The school's internal standards (back-office §2.3): the standards, who learned them with which
 * comment, and per-process access levels. A standard is soft-deleted so the learned comments
 * about it stay readable in the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('standards'), dialect)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('process', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('html_description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', instant)
    .execute();
  await db.schema.createIndex('standards_process_idx').on('standards').columns(['process']).execute();

  await withIdColumn(db.schema.createTable('standard_learnings'), dialect)
    .addColumn('standard_id', 'integer', (col) => col.notNull().references('standards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('learned_at', instant, (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('standard_learnings_standard_user_idx').on('standard_learnings').columns(['standard_id', 'user_id']).execute();
  await db.schema.createIndex('standard_learnings_learned_at_idx').on('standard_learnings').columns(['learned_at']).execute();

  await db.schema
    .createTable('standard_process_access')
    .addColumn('process', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_type', 'text', (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('standard_process_access_pk', ['process', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
