import type { Selectable } from 'kysely';
import { ASSISTANT_TEXTS, botSource, MAX_KEPT_MESSAGES, PAGE_OF_MESSAGES, QUESTION_LIMIT, type BotId, type BotMessage, type BotSource } from '../../../src/shared/contract/assistant';
import { z } from 'zod';
import type { Db } from '../../db';
import type { BotMessagesTable } from '../../db/schema';

/**
 * AI chat history kept on the server (shell §3.5, §9): the student's questions and the bots'
 * answers, at most 100 per user and bot, with ids (`seq`) increasing from 1 per user and bot.
 */

export type BotMessageRow = Selectable<BotMessagesTable>;

const storedSources = z.array(botSource);

export function sourcesOf(row: Pick<BotMessageRow, 'sources'>): BotSource[] {
  try {
    return storedSources.parse(JSON.parse(row.sources));
  } catch {
    return [];
  }
}

/** A stored chat row as the wire `BotMessage`. */
export function botMessageOf(row: BotMessageRow): BotMessage {
  const status = row.status === 'pending' || row.status === 'streaming' || row.status === 'error' ? row.status : 'done';
  const message: BotMessage = { id: row.seq, message: row.message, itsBot: row.its_bot === 1 ? '1' : '0', status, sources: sourcesOf(row), createdAt: Number(row.created_at) };
  // The redirect is known by its text, so no column stores it (answer-job.ts writes it).
  return row.its_bot === 1 && row.message === ASSISTANT_TEXTS.askOrgBot ? { ...message, suggestBot: 'botConsultantKurs' } : message;
}

/** The newest page, or the page before `beforeSeq`, oldest first. */
export async function pageOfMessages(db: Db, userId: number, bot: BotId, beforeSeq?: number): Promise<BotMessage[]> {
  let query = db.selectFrom('bot_messages').selectAll().where('user_id', '=', userId).where('bot', '=', bot);
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  const rows = await query.orderBy('seq', 'desc').limit(PAGE_OF_MESSAGES).execute();
  return rows.reverse().map(botMessageOf);
}

export async function messagesBySeq(db: Db, userId: number, bot: BotId, seqs: readonly number[]): Promise<BotMessage[]> {
  if (seqs.length === 0) return [];
  const rows = await db.selectFrom('bot_messages').selectAll().where('user_id', '=', userId).where('bot', '=', bot).where('seq', 'in', [...seqs]).orderBy('seq').execute();
  return rows.map(botMessageOf);
}

/** Questions the user asked (all bots) since `since`. */
export async function questionsSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('bot_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('its_bot', '=', 0)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function overLimit(asked: number): boolean {
  return asked >= QUESTION_LIMIT.count;
}

/**
 * Hands out the two ids of a new question and its answer, atomically: one upsert on the user's
 * sequence row for this bot (migration 0102). On PostgreSQL the row stays locked until the
 * caller's transaction ends, so this user's parallel questions to this bot pass one at a time;
 * SQLite runs one transaction at a time anyway. Returns the question's id.
 */
export async function takeQuestionSeq(db: Db, userId: number, bot: BotId): Promise<number> {
  const row = await db
    .insertInto('bot_message_seqs')
    .values({ user_id: userId, bot, last_seq: 2 })
    .onConflict((oc) => oc.columns(['user_id', 'bot']).doUpdateSet((eb) => ({ last_seq: eb('bot_message_seqs.last_seq', '+', 2) })))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq) - 1;
}

/**
 * Stores a question with id `seq` and the pending answer to it (`seq + 1`), and drops what
 * exceeds the 100 kept messages of this bot. Returns both rows.
 */
export async function storeQuestion(
  db: Db,
  { userId, bot, seq, question }: { userId: number; bot: BotId; seq: number; question: string },
  now: number,
): Promise<{ question: BotMessageRow; answer: BotMessageRow }> {
  const asked = await db
    .insertInto('bot_messages')
    .values({ user_id: userId, bot, seq, its_bot: 0, message: question, status: 'done', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const answer = await db
    .insertInto('bot_messages')
    .values({ user_id: userId, bot, seq: seq + 1, its_bot: 1, message: '', status: 'pending', question_id: asked.id, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.deleteFrom('bot_messages').where('user_id', '=', userId).where('bot', '=', bot).where('seq', '<=', seq + 1 - MAX_KEPT_MESSAGES).execute();
  return { question: asked, answer };
}
