import type { Kysely } from 'kysely';
import { instant } from '../../../db/migrations/helpers';

/**
 * Issue 39 item 5: the daily Telegram reminder. `reminder_hour` is the Moscow hour she chose (null:
 * she did not opt in). One `plan_reminders` row per student and day is the send's key: it is
 * inserted before the message leaves, so a second run, a second instance or a restart never sends
 * that day again; its status says what became of the message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plan_profiles').addColumn('reminder_hour', 'integer').execute();
  await db.schema
    .createTable('plan_reminders')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Days since 1970-01-01 of the school's (Moscow) calendar day.
    .addColumn('day', 'integer', (col) => col.notNull())
    // sending → sent | failed | unknown; skipped: nothing to remind of that day.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('sent_at', instant)
    .addPrimaryKeyConstraint('plan_reminders_pk', ['user_id', 'day'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
