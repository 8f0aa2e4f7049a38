import type { Kysely } from 'kysely';
import { instant } from './helpers';

/**
 * Part 2 time budget and the difficult flag of part 2 questions.
 *
 * `homeworks.p2_time_limit_min`: minutes for the required part 2 of a homework, null = untimed.
 * `user_homeworks.p2_timer_started_at`: when this student's budget started. It is set on the first
 * open in progress of a timed work (not from `p2_started_at`), so a limit added to a homework later
 * starts counting on the student's next open instead of being already spent. Mistake work, the
 * additional part and self-check scoring are never timed.
 *
 * `difficult_questions_p2`: part 2 flags live apart from part 1's `difficult_questions` because
 * that table's question id references `questions_p1`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('homeworks').addColumn('p2_time_limit_min', 'integer').execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_timer_started_at', instant).execute();

  await db.schema
    .createTable('difficult_questions_p2')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p2.id').onDelete('cascade'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('difficult_questions_p2_pk', ['user_id', 'question_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
