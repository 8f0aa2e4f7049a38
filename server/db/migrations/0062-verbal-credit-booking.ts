import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Oral credit booking (learning-area 'Oral credit booking'): the times a curator of oral credits
 * publishes, each held by at most one student (user_id set by a conditional update), and the
 * curator's grade and comment on a student's oral credit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('verbal_credit_slots'), dialect)
    .addColumn('curator_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', instant, (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('credit_num', 'integer', (col) => col.references('credits_verbal.num').onDelete('set null'))
    .addColumn('booked_at', instant)
    .addColumn('created_at', instant, (col) => col.notNull())
    .addUniqueConstraint('verbal_credit_slots_curator_time_uq', ['curator_id', 'starts_at'])
    .execute();
  await db.schema.alterTable('user_credits_verbal').addColumn('grade', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('user_credits_verbal').addColumn('comment_html', 'text', (col) => col.notNull().defaultTo('')).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
