import type { Kysely } from 'kysely';

/**
 * Issue 37 item 4: the daily budget of paid model calls (server/model-budget), shared by the AI
 * assistant and the AI check of part 2 training. One counter per user and Moscow day, and one per
 * day for the whole school; a call is counted in the transaction of the request that causes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_calls_by_user')
    // Moscow calendar day, 'YYYY-MM-DD'.
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('model_calls_by_user_pk', ['day', 'user_id'])
    .execute();
  await db.schema
    .createTable('model_calls_by_school')
    .addColumn('day', 'text', (col) => col.notNull().primaryKey())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
