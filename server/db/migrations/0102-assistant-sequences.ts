import { sql, type Kysely } from 'kysely';

/**
 * Issue #25 row 9: the wire id (`seq`) of a chat message was max(seq)+1 read before the insert,
 * so two questions of one user at once on PostgreSQL took the same id and one failed on
 * bot_messages_seq_uq. One row per user and bot now holds the last id handed out; a question
 * takes its two ids with one atomic upsert (see assistant/history.ts), which also makes the
 * user's parallel questions to that bot wait for each other instead of colliding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_message_seqs')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bot', 'text', (col) => col.notNull())
    .addColumn('last_seq', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('bot_message_seqs_pk', ['user_id', 'bot'])
    .execute();
  // Existing histories continue after their newest message.
  await sql`insert into bot_message_seqs (user_id, bot, last_seq) select user_id, bot, max(seq) from bot_messages group by user_id, bot`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
