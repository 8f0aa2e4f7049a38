import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assistant } from '../../../src/shared/contract';
import { ASSISTANT_TEXTS, QUESTION_LIMIT, type BotMessage } from '../../../src/shared/contract/assistant';
import type { LiveTestSocket } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { startChatModelStandIn, type ChatModelStandIn } from '../../../tests/stand-ins/chat-model';

type Push = { bot: string; messages: BotMessage[]; reason: string };

/** Waits for the pushed final state (done or error) of the answer with this id. */
async function finalAnswer(socket: LiveTestSocket, id: number, timeoutMs = 10_000, bot = 'botTheory'): Promise<BotMessage> {
  const message = await socket.waitFor((m) => m.method === assistant.updateBotAnswer.path && (m.body as Push).bot === bot && (m.body as Push).messages.some((x) => x.id === id && (x.status === 'done' || x.status === 'error')), timeoutMs);
  return (message.body as Push).messages.find((x) => x.id === id)!;
}

describe.each(testDialects)('assistant without a model on %s', (dialect) => {
  let server: TestServer;
  let socket: LiveTestSocket;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    socket = await (await server.signIn('student')).openLive();
  });
  afterAll(async () => {
    socket.close();
    await server.close();
  });

  it('answers a theory question with cited excerpts of the published base', async () => {
    const { messageId } = await socket.request(assistant.questionBot, { question: 'Что такое гиперинфляция?', toBot: 'botTheory' });
    const answer = await finalAnswer(socket, messageId + 1);
    expect(answer.itsBot).toBe('1');
    expect(answer.message.startsWith(ASSISTANT_TEXTS.excerptsIntro)).toBe(true);
    // The chunk it quotes in bold: one of the four tags a chat message keeps (shell §5).
    expect(answer.message).toContain('[1] <b>«Инфляция: виды и последствия», урок 4 «Государство и финансы»</b>');
    expect(answer.message).toContain('гиперинфляция');
    expect(answer.sources[0]).toMatchObject({ n: 1, name: 'Инфляция: виды и последствия', lessonNum: 4 });
  });

  it('says honestly that the base has no answer to a nonsense question', async () => {
    const { messageId } = await socket.request(assistant.questionBot, { question: 'какая завтра погода в москве', toBot: 'botTheory' });
    const answer = await finalAnswer(socket, messageId + 1);
    expect(answer.message).toBe(ASSISTANT_TEXTS.notFound);
    expect(answer.message).toContain('не нашёл ответа в базе знаний');
    expect(answer.sources).toEqual([]);
  });

  it('answers the organisational bot from organisational chunks only', async () => {
    const { messageId } = await socket.request(assistant.questionBot, { question: 'сколько дней длится демодоступ', toBot: 'botConsultantKurs' });
    expect(messageId).toBe(1);
    const answer = await finalAnswer(socket, 2, 10_000, 'botConsultantKurs');
    expect(answer.sources[0]?.name).toBe('Демодоступ: что доступно и на сколько дней');
    const theory = await socket.request(assistant.questionBot, { question: 'сколько дней длится демодоступ', toBot: 'botTheory' });
    expect((await finalAnswer(socket, theory.messageId + 1)).message).toBe(ASSISTANT_TEXTS.notFound);
  });

  it('keeps the history on the server and pages it 10 at a time', async () => {
    const pushOf = (reason: string) => socket.waitFor((m) => m.method === assistant.updateBotAnswer.path && (m.body as Push).reason === reason, 5_000, false);
    const latest = pushOf('latest');
    await socket.request(assistant.triggerUpdateBotAnswer, { toBot: 'botTheory' });
    const page = (await latest).body as Push;
    expect(page.reason).toBe('latest');
    expect(page.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(page.messages.filter((m) => m.itsBot === '0').map((m) => m.message)).toEqual(['Что такое гиперинфляция?', 'какая завтра погода в москве', 'сколько дней длится демодоступ']);
    const older = pushOf('older');
    await socket.request(assistant.triggerUpdateBotAnswer, { toBot: 'botTheory', lastId: 3 });
    expect(((await older).body as Push).messages.map((m) => m.id)).toEqual([1, 2]);
    const again = socket.waitFor((m) => m.method === assistant.updateBotAnswer.path && (m.body as Push).reason === 'update' && (m.body as Push).messages.length === 1 && (m.body as Push).messages[0]!.id === 2, 5_000, false);
    await socket.request(assistant.triggerUpdateBotAnswer, { toBot: 'botTheory', ids: [2] });
    expect(((await again).body as Push).messages[0]!.status).toBe('done');
  });

  it('offers the organisational bot for an organisational question to the theory bot (issue 42), in history too', async () => {
    const { messageId } = await socket.request(assistant.questionBot, { question: 'Когда дедлайн по второй части ДЗ 3?', toBot: 'botTheory' });
    const answer = await finalAnswer(socket, messageId + 1);
    expect(answer.message).toBe(ASSISTANT_TEXTS.askOrgBot);
    expect(answer.suggestBot).toBe('botConsultantKurs');
    expect(answer.sources).toEqual([]);
    const latest = socket.waitFor((m) => m.method === assistant.updateBotAnswer.path && (m.body as Push).reason === 'latest', 5_000, false);
    await socket.request(assistant.triggerUpdateBotAnswer, { toBot: 'botTheory' });
    const kept = ((await latest).body as Push).messages.find((m) => m.id === messageId + 1);
    expect(kept?.suggestBot).toBe('botConsultantKurs');
    // A theory answer names no other bot.
    expect(((await latest).body as Push).messages.find((m) => m.id === 2)?.suggestBot).toBeUndefined();
  });

  it('limits questions per user and says so', async () => {
    const other = await (await server.signIn('intensive')).openLive();
    try {
      for (let i = 0; i < QUESTION_LIMIT.count; i += 1) await other.request(assistant.questionBot, { question: `вопрос про налоги ${i}`, toBot: 'botTheory' });
      const refused = await other.requestRaw(assistant.questionBot.path, { question: 'ещё вопрос про налоги', toBot: 'botTheory' });
      expect(refused).toEqual({ success: '0', message: ASSISTANT_TEXTS.tooMany });
    } finally {
      other.close();
    }
  });

  it('refuses an empty question naming the field', async () => {
    const reply = await socket.requestRaw(assistant.questionBot.path, { question: '   ', toBot: 'botTheory' });
    expect(reply.success).toBe('0');
    expect(reply.message).toMatch(/^Поле "question"/);
  });
});

describe('assistant with an OpenAI-compatible model (local stand-in)', () => {
  let standIn: ChatModelStandIn;
  let server: TestServer;
  let socket: LiveTestSocket;

  beforeAll(async () => {
    standIn = await startChatModelStandIn();
    // A deadline no busy machine reaches: a streamed answer takes ~1 s here (its pieces 30–60 ms apart).
    server = await startTestServer({ env: { LLM_URL: standIn.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'stand-in-model', LLM_TIMEOUT_MS: '60000' } });
    socket = await (await server.signIn('student')).openLive();
  });
  afterEach(() => {
    standIn.failWith = null;
    standIn.hang = false;
  });
  afterAll(async () => {
    socket.close();
    await server.close();
    await standIn.close();
  });

  it('streams a grounded, cited answer: the model gets only the retrieved chunks', async () => {
    standIn.delayMs = 60;
    const { messageId } = await socket.request(assistant.questionBot, { question: 'чем реформа отличается от революции', toBot: 'botTheory' });
    const streaming = await socket.waitFor((m) => m.method === assistant.updateBotAnswer.path && (m.body as Push).messages.some((x) => x.id === messageId + 1 && x.status === 'streaming'), 10_000);
    const partial = (streaming.body as Push).messages[0]!.message;
    const answer = await finalAnswer(socket, messageId + 1);
    expect(answer.message.length).toBeGreaterThan(partial.length);
    expect(answer.message.startsWith(partial.trim().split(' ')[0]!)).toBe(true);
    expect(answer.message).toMatch(/^По базе знаний: .+\[1\]$/);
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]!.name).toBe('Общественный прогресс и его критерии');
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ authorization: 'Bearer sk-test', model: 'stand-in-model', stream: true });
    expect(request.messages[0]!.content).toContain('ТОЛЬКО по источникам');
    expect(request.messages[1]!.content).toContain('[1] «Общественный прогресс и его критерии»');
  });

  it('shows the §8.3 text on a provider error', async () => {
    standIn.failWith = { status: 500, message: 'overloaded' };
    const failed = await socket.request(assistant.questionBot, { question: 'что такое инфляция', toBot: 'botTheory' });
    expect(await finalAnswer(socket, failed.messageId + 1)).toMatchObject({ status: 'error', message: ASSISTANT_TEXTS.failed });
  });

  it('does not call the model when the base has nothing relevant', async () => {
    const before = standIn.requests.length;
    const { messageId } = await socket.request(assistant.questionBot, { question: 'рецепт борща с фасолью', toBot: 'botTheory' });
    expect((await finalAnswer(socket, messageId + 1)).message).toBe(ASSISTANT_TEXTS.notFound);
    expect(standIn.requests.length).toBe(before);
  });

  it('says the base lacks a codifier topic, and does not call the model for it or for nonsense with one course word', async () => {
    // The demo base covers the whole codifier: a school base without its money chunk stands in for one that lacks a topic.
    const db = server.server.services.db;
    const chunk = await db.selectFrom('kb_published_chunks').select('id').where('kind', '=', 'theory').where('name', '=', 'Деньги и их функции').executeTakeFirstOrThrow();
    await db.deleteFrom('kb_published_questions').where('chunk_id', '=', chunk.id).execute();
    await db.deleteFrom('kb_published_chunks').where('id', '=', chunk.id).execute();
    const before = standIn.requests.length;
    const money = await socket.request(assistant.questionBot, { question: 'какие функции у денег', toBot: 'botTheory' });
    expect((await finalAnswer(socket, money.messageId + 1)).message).toBe(ASSISTANT_TEXTS.absentTopic('Деньги и их функции'));
    const unicorns = await socket.request(assistant.questionBot, { question: 'какой налог платят единороги', toBot: 'botTheory' });
    expect((await finalAnswer(socket, unicorns.messageId + 1)).message).toBe(ASSISTANT_TEXTS.notFound);
    expect(standIn.requests.length).toBe(before);
  });
});

describe('assistant with a model that never answers', () => {
  it('shows the §8.3 text when the deadline passes, never hangs', async () => {
    const standIn = await startChatModelStandIn();
    standIn.hang = true;
    // Its own server: a short deadline here would cut the streamed answers of the tests above on a busy machine.
    const server = await startTestServer({ env: { LLM_URL: standIn.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'stand-in-model', LLM_TIMEOUT_MS: '1500' } });
    try {
      const socket = await (await server.signIn('student')).openLive();
      const hung = await socket.request(assistant.questionBot, { question: 'что такое безработица', toBot: 'botTheory' });
      expect(await finalAnswer(socket, hung.messageId + 1, 30_000)).toMatchObject({ status: 'error', message: ASSISTANT_TEXTS.failed });
      socket.close();
    } finally {
      await server.close();
      await standIn.close();
    }
  });
});

describe('assistant questions are durable jobs', () => {
  it('answers a question left pending by a stopped runner, once, when a runner comes back', async () => {
    const server = await startTestServer();
    try {
      await server.server.jobs.stop();
      const socket = await (await server.signIn('student')).openLive();
      const { messageId } = await socket.request(assistant.questionBot, { question: 'признаки правового государства', toBot: 'botTheory' });
      const db = server.server.services.db;
      const pending = await db.selectFrom('bot_messages').select(['id', 'status']).where('seq', '=', messageId + 1).where('its_bot', '=', 1).executeTakeFirstOrThrow();
      expect(pending.status).toBe('pending');
      // Two runners (two instances) look at once: the claim lets one of them answer.
      const { JobRunner, jobDefinitions } = await import('../../jobs');
      const [a, b] = [new JobRunner(server.server.services, jobDefinitions), new JobRunner(server.server.services, jobDefinitions)];
      const ran = await Promise.all([a.runDue(), b.runDue()]);
      expect(ran[0]! + ran[1]!).toBe(1);
      const answered = await db.selectFrom('bot_messages').select(['message', 'status']).where('id', '=', pending.id).executeTakeFirstOrThrow();
      expect(answered.status).toBe('done');
      expect(answered.message).toContain('«Правовое государство и гражданское общество»');
      socket.close();
    } finally {
      await server.close();
    }
  });
});
