import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Oral practice (shell §3.4, §4.2): the oral-credit question bank both the video chat and the oral
 * trainer draw from, each user's matchmaking state, and the practice sessions. Matchmaking lives
 * here, not in one process's memory, so users connected to different instances find each other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  // Back-office 'Credit question': id, question, answer, zachetNum, lessonNum, public, plus90.
  await withIdColumn(db.schema.createTable('verbal_questions'), dialect)
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('zachet_num', 'integer')
    .addColumn('lesson_num', 'integer', (col) => col.references('lessons.number').onDelete('set null'))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('plus90', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('verbal_chat_sessions'), dialect)
    .addColumn('initiator_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('callee_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // 'calling' (the callee decides) → 'active' (accepted) → 'ended'.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('questioner_id', 'integer', (col) => col.notNull())
    .addColumn('answerer_id', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.references('verbal_questions.id').onDelete('set null'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('accepted_at', instant)
    .addColumn('ended_at', instant)
    .addColumn('end_cause', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('verbal_chat_sessions_status_idx').on('verbal_chat_sessions').columns(['status', 'created_at']).execute();

  // One row per user who ever opened the video chat. state: 'idle' | 'searching' | 'calling'
  // (a call to or from this user is pending) | 'session'; session_id set for the last two.
  await db.schema
    .createTable('verbal_chat_users')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('want', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('want_since', instant)
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('idle'))
    .addColumn('state_since', instant, (col) => col.notNull())
    .addColumn('session_id', 'integer', (col) => col.references('verbal_chat_sessions.id').onDelete('set null'))
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('verbal_chat_users_state_idx').on('verbal_chat_users').columns(['state', 'state_since']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
