import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { instant, withIdColumn } from './helpers';
import { dialectOf } from './helpers';

/**
 * Training part 1 (learning-area §2 'Training part 1'): a training session per user with its drawn
 * questions and every answer, kept on the server so a reload or a second device resumes the same
 * training. Status: 'Выполняется' while answering, 'Результат' once finished (the result shows
 * until the user goes back to choice), 'Выбор' when closed or abandoned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('train_p1_sessions'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // As sent: 'random', 'chapter:Экономика', 'asEge', … (the test info echoes it back).
    .addColumn('testing_type', 'text', (col) => col.notNull())
    .addColumn('include_selfmade', 'integer', (col) => col.notNull().defaultTo(0))
    // The count asked for (1/5/10/20); the drawn count may be smaller, and asEge ignores it.
    .addColumn('q_nums', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('finished_at', instant)
    .execute();
  await db.schema.createIndex('train_p1_sessions_user_idx').on('train_p1_sessions').columns(['user_id', 'status']).execute();
  // At most one running training per user, even when two devices start one at the same moment.
  await db.schema
    .createIndex('train_p1_sessions_running_uq')
    .on('train_p1_sessions')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('Выполняется'))
    .execute();

  // user_id is repeated here so per-question statistics (solved, last answer wrong, qRating) need no join.
  await db.schema
    .createTable('train_p1_questions')
    .addColumn('session_id', 'integer', (col) => col.notNull().references('train_p1_sessions.id').onDelete('cascade'))
    .addColumn('q_order', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('user_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('points', 'integer')
    .addColumn('max_points', 'integer', (col) => col.notNull().defaultTo(0))
    // The rating change this answer earned, in tenths (also written to rating_changes).
    .addColumn('rating_tenths', 'integer')
    .addColumn('answered_at', instant)
    .addPrimaryKeyConstraint('train_p1_questions_pk', ['session_id', 'q_order'])
    .execute();
  await db.schema.createIndex('train_p1_questions_user_idx').on('train_p1_questions').columns(['user_id', 'question_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
