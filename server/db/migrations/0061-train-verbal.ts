import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Oral credit trainer (learning-area 'Oral credit trainer'): every answer a student wrote, for the statistics. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('verbal_trainer_answers'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('verbal_questions.id').onDelete('cascade'))
    .addColumn('user_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('verbal_trainer_answers_user_idx').on('verbal_trainer_answers').columns(['user_id', 'question_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
