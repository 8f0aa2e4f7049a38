import type { Kysely } from 'kysely';
import { instant } from './helpers';

/**
 * Issue 29 item 4: the operations the server applied, by the id the client gave them. A queued
 * offline change whose reply was lost is sent again with the same id; the server answers what it
 * answered the first time instead of applying it twice (or refusing it as a conflict with itself).
 * Keyed by user: one user's id says nothing about another's. Rows older than a month are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('applied_ops')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('op_id', 'text', (col) => col.notNull())
    // The call's path and a hash of its input (opId left out): the same id with another change is refused.
    .addColumn('call', 'text', (col) => col.notNull())
    .addColumn('input_hash', 'text', (col) => col.notNull())
    // The call's output as JSON, answered again to a resend.
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('applied_ops_pk', ['user_id', 'op_id'])
    .execute();
  await db.schema.createIndex('applied_ops_created_idx').on('applied_ops').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
