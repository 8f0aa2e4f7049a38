import type { Kysely } from 'kysely';
import { instant } from './helpers';

/**
 * Automatic credits on real questions: each attempt draws its questions from the bank and keeps
 * every answer; the attempt's start time drives the timer on any device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_auto_answers')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credit_num', 'integer', (col) => col.notNull().references('credits_auto.num').onDelete('cascade'))
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('q_num', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('restrict'))
    .addColumn('user_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('points', 'integer')
    .addColumn('max_points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('answered_at', instant)
    .addPrimaryKeyConstraint('credit_auto_answers_pk', ['user_id', 'credit_num', 'attempt', 'q_num'])
    .execute();
  await db.schema.alterTable('user_credits_auto').addColumn('started_at', instant).execute();
  await db.schema.alterTable('user_credits_auto').addColumn('finished_at', instant).execute();
  await db.schema.alterTable('user_credits_auto').addColumn('errors', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
