import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Every change of an admin setting (back-office §2.10): which variable, who, when, the value
 * before and after (a secret is recorded masked). Nothing reads it to decide anything: it is the
 * school's answer to 'who changed the exam scale and when'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('admin_variable_changes'), dialect)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('old_value', 'text', (col) => col.notNull())
    .addColumn('new_value', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changed_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admin_variable_changes_name_idx').on('admin_variable_changes').columns(['name', 'changed_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
