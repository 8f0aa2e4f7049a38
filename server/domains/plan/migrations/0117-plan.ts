import type { Kysely } from 'kysely';
import { instant } from '../../../db/migrations/helpers';

/**
 * Issue 39: «Сегодня». A student's answers to the first-day questions (minutes a day, exam date;
 * the goal score stays in users.goal_ball) and the plan chosen for each of her days, kept so the
 * day's plan stays the same while she ticks it off. A day's `counted_at` is when its minimum was
 * done: the streak is read from these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plan_profiles')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_minutes', 'integer', (col) => col.notNull())
    .addColumn('exam_date', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('plan_days')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Days since 1970-01-01 of the school's (Moscow) calendar day.
    .addColumn('day', 'integer', (col) => col.notNull())
    // JSON list of the chosen items (what each one is and how to tell it is done).
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('counted_at', instant)
    .addColumn('created_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('plan_days_pk', ['user_id', 'day'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
