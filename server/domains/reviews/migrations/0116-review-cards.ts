import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from '../../../db/migrations/helpers';

/**
 * Issue 39 item 2: review cards. Each wrongly answered part 1 question and each term missed in the
 * signs trainer becomes one card per student, scheduled by FSRS (server/learning/review-cards.ts,
 * `ts-fsrs`). A row holds the library's card state as it is, so the scheduler alone decides `due_at`.
 * Exactly one of question_id and sign_term_id is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('review_cards'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.references('questions_p1.id').onDelete('cascade'))
    .addColumn('sign_term_id', 'integer', (col) => col.references('sign_terms.id').onDelete('cascade'))
    .addColumn('due_at', instant, (col) => col.notNull())
    // ts-fsrs Card fields (last_review may be null for a card never reviewed).
    .addColumn('stability', 'double precision', (col) => col.notNull())
    .addColumn('difficulty', 'double precision', (col) => col.notNull())
    .addColumn('scheduled_days', 'integer', (col) => col.notNull())
    .addColumn('learning_steps', 'integer', (col) => col.notNull())
    .addColumn('reps', 'integer', (col) => col.notNull())
    .addColumn('lapses', 'integer', (col) => col.notNull())
    .addColumn('state', 'integer', (col) => col.notNull())
    .addColumn('last_review', instant)
    .addColumn('created_at', instant, (col) => col.notNull())
    .addUniqueConstraint('review_cards_question_unique', ['user_id', 'question_id'])
    .addUniqueConstraint('review_cards_term_unique', ['user_id', 'sign_term_id'])
    .execute();
  // The session and «Сегодня» read a student's cards by due date.
  await db.schema.createIndex('review_cards_due').on('review_cards').columns(['user_id', 'due_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
