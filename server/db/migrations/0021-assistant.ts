import type { Kysely } from 'kysely';
import { instant, withIdColumn, dialectOf } from './helpers';

/**
 * AI chat history (shell §3.5, §9): one row per message, the student's questions and the bots'
 * answers, at most 100 kept per user and bot. `seq` is the wire id (increasing from 1 per user
 * and bot). An answer row is created 'pending' with the question and filled by a durable job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('bot_messages'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bot', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('its_bot', 'integer', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    // 'done' | 'pending' | 'streaming' | 'error'.
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('done'))
    // JSON list of cited chunks.
    .addColumn('sources', 'text', (col) => col.notNull().defaultTo('[]'))
    // For an answer: the row of the question it answers.
    .addColumn('question_id', 'integer')
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addUniqueConstraint('bot_messages_seq_uq', ['user_id', 'bot', 'seq'])
    .execute();
  await db.schema.createIndex('bot_messages_recent_idx').on('bot_messages').columns(['user_id', 'its_bot', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
