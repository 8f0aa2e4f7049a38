import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** The student card's CRM comment thread (back-office §2.6, §3 'CRM comment'). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('crm_comments'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The author stays named in the thread even if their account goes: the name is kept with the row.
    .addColumn('editor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('editor_name', 'text', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('crm_comments_user_idx').on('crm_comments').columns(['user_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
