import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistant } from '../../../src/shared/contract';
import { ASSISTANT_TEXTS, QUESTION_LIMIT, type BotId } from '../../../src/shared/contract/assistant';
import type { LiveTestSocket } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

/**
 * Issue #25 row 9: one user asking many questions at once over several sockets. Before the
 * per-user sequence row, PostgreSQL gave "Внутренняя ошибка сервера" (a max(seq)+1 race on
 * bot_messages_seq_uq) and some questions were never answered.
 */
describe.each(testDialects)('parallel questions of one user on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  async function socketsOf(login: string, count: number): Promise<LiveTestSocket[]> {
    const client = await server.signIn(login);
    return Promise.all(Array.from({ length: count }, () => client.openLive()));
  }

  async function rowsOf(login: string, bot: BotId) {
    const db = server.server.services.db;
    const user = await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
    return db.selectFrom('bot_messages').select(['id', 'seq', 'its_bot', 'status', 'question_id', 'message']).where('user_id', '=', user.id).where('bot', '=', bot).orderBy('seq').execute();
  }

  /** Polls until every answer row of this user and bot has its final state. */
  async function allAnswered(login: string, bot: BotId, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await rowsOf(login, bot);
      if (rows.every((row) => row.status === 'done' || row.status === 'error')) return rows;
      if (Date.now() > until) throw new Error(`answers still pending: ${rows.filter((row) => row.status === 'pending' || row.status === 'streaming').length}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('answers 10 parallel questions on 4 sockets, each with its own consecutive ids', async () => {
    const sockets = await socketsOf('student', 4);
    try {
      const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => sockets[i % 4]!.requestRaw(assistant.questionBot.path, { question: `что такое инфляция ${i}`, toBot: 'botTheory' })));
      expect(replies.map((reply) => reply.success)).toEqual(Array(10).fill('1'));
      // Each question takes an odd id and its answer the next one: 1..20 with no gap or repeat.
      expect(replies.map((reply) => Number(reply.messageId)).sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
      const rows = await allAnswered('student', 'botTheory');
      expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      for (let i = 0; i < rows.length; i += 2) {
        const [question, answer] = [rows[i]!, rows[i + 1]!];
        expect(question.its_bot).toBe(0);
        expect(answer).toMatchObject({ its_bot: 1, question_id: question.id, status: 'done' });
      }
      // The history the client reads shows them in the order they were stored.
      const latest = sockets[0]!.waitFor((m) => m.method === assistant.updateBotAnswer.path && (m.body as { reason?: string }).reason === 'latest', 5_000, false);
      await sockets[0]!.request(assistant.triggerUpdateBotAnswer, { toBot: 'botTheory' });
      const page = (await latest).body as { messages: Array<{ id: number }> };
      expect(page.messages.map((m) => m.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('keeps the question limit under a parallel burst: the rest are refused in Russian, none fail', async () => {
    const sockets = await socketsOf('intensive', 4);
    try {
      const burst = QUESTION_LIMIT.count + 10;
      const replies = await Promise.all(Array.from({ length: burst }, (_, i) => sockets[i % 4]!.requestRaw(assistant.questionBot.path, { question: `вопрос про налоги ${i}`, toBot: 'botTheory' })));
      const accepted = replies.filter((reply) => reply.success === '1');
      const refused = replies.filter((reply) => reply.success !== '1');
      expect(accepted).toHaveLength(QUESTION_LIMIT.count);
      expect(refused.map((reply) => reply.message)).toEqual(Array(10).fill(ASSISTANT_TEXTS.tooMany));
      const rows = await allAnswered('intensive', 'botTheory');
      expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 2 * QUESTION_LIMIT.count }, (_, i) => i + 1));
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
