import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistant, modelBudget, trainP2 } from '../../src/shared/contract';
import { MODEL_BUDGET_TEXTS } from '../../src/shared/contract/model-budget';
import { moscowDateKey } from '../../src/shared/domain/moscow-time';
import { giveBackModelCall, takeModelCall } from '../../server/model-budget/budget';
import { CallFailure } from '../../server/contract/errors';
import type { TestClient } from '../helpers/client';
import { makeStudentLike, type MadeUser } from '../helpers/factories/users';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';
import { startChatModelStandIn, type ChatModelStandIn } from '../stand-ins/chat-model';

/**
 * Issue 37 item 4: paid model calls have a daily budget per user and per school, shared by the AI
 * check of part 2 training and the assistant; a burst of parallel requests cannot overspend it.
 */

const PER_USER = 5;
const SCHOOL = 8;

describe.each(testDialects)('the model-call budget on %s', (dialect) => {
  let standIn: ChatModelStandIn;
  let server: TestServer;
  let student: TestClient;
  let questionId: number;
  const db = () => server.server.services.db;
  const callsOf = async (userId: number) =>
    Number((await db().selectFrom('model_calls_by_user').select('calls').where('user_id', '=', userId).where('day', '=', moscowDateKey(Date.now())).executeTakeFirst())?.calls ?? 0);

  beforeAll(async () => {
    standIn = await startChatModelStandIn();
    standIn.reply = () => '{"score": 1, "comment": "Засчитан один пример из трёх."}';
    server = await startTestServer({
      dialect,
      env: { LLM_URL: standIn.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'stand-in-model', MODEL_CALLS_PER_USER_DAY: String(PER_USER), MODEL_CALLS_PER_SCHOOL_DAY: String(SCHOOL) },
    });
    await db().updateTable('questions_p2').set({ criteria: 'К1: три примера, по 1 баллу за каждый.' }).where('task_number', '=', 20).execute();
    student = await server.signIn('student');
    const { questionData } = await student.call(trainP2.getQuestion2, { askType: 'checkByAI', questionType: 'egeNum:20', include90Plus: '1' });
    questionId = questionData!.q2Id;
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('a question the knowledge base cannot answer reaches no model and spends nothing', async () => {
    const asker = await makeStudentLike(server, 'student');
    const socket = await (await asker.signIn()).openLive();
    const { messageId } = await socket.request(assistant.questionBot, { question: 'рецепт борща с фасолью', toBot: 'botTheory' });
    await socket.waitFor((m) => m.method === assistant.updateBotAnswer.path && JSON.stringify(m.body).includes(`"id":${messageId + 1},`) && JSON.stringify(m.body).includes('"status":"done"'), 20_000);
    socket.close();
    // Counted with the question, given back by the answer job right after it saved «не нашёл».
    await expect.poll(() => callsOf(asker.id), { timeout: 10_000 }).toBe(0);
    expect(standIn.requests).toEqual([]);
  });

  it('accepts exactly 5 of 50 parallel AI checks of one student, then refuses the assistant too (one budget)', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, n) => student.callRaw(trainP2.sendQuestion2, { askType: 'checkByAI', questionId, userAnswer: `Пример ${n}` })),
    );
    const accepted = replies.filter((reply) => reply.body.success === '1');
    expect(accepted).toHaveLength(PER_USER);
    expect(new Set(replies.filter((reply) => reply.body.success !== '1').map((reply) => reply.body.message))).toEqual(new Set([MODEL_BUDGET_TEXTS.userSpent(PER_USER)]));
    const studentId = (await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;
    const stored = await db().selectFrom('train_p2_answers').select('id').where('user_id', '=', studentId).where('mode', '=', 'checkByAI').execute();
    expect(stored).toHaveLength(PER_USER);
    expect(await callsOf(studentId)).toBe(PER_USER);

    const socket = await student.openLive();
    const asked = await socket.requestRaw(assistant.questionBot.path, { question: 'что такое инфляция', toBot: 'botTheory' });
    socket.close();
    expect(asked).toMatchObject({ success: '0', message: MODEL_BUDGET_TEXTS.userSpent(PER_USER) });
    expect(await db().selectFrom('bot_messages').select('id').where('user_id', '=', studentId).where('message', '=', 'что такое инфляция').execute()).toEqual([]);
  });

  it('stops every user once the school spent its day, and shows the admin who spent it', async () => {
    const others: MadeUser[] = [await makeStudentLike(server, 'student', { surname: 'Бюджетова' }), await makeStudentLike(server, 'student', { surname: 'Лимитов' })];
    const [first, second] = [await others[0]!.signIn(), await others[1]!.signIn()];
    const send = (client: TestClient) => client.callRaw(trainP2.sendQuestion2, { askType: 'checkByAI', questionId, userAnswer: 'Пример' });
    // 5 spent by the student above; 3 more reach the school's 8, in parallel from two users.
    const replies = await Promise.all([send(first), send(first), send(second), send(second), send(second)]);
    expect(replies.filter((reply) => reply.body.success === '1')).toHaveLength(SCHOOL - PER_USER);
    expect(replies.filter((reply) => reply.body.success !== '1').map((reply) => reply.body.message)).toEqual(Array(2).fill(MODEL_BUDGET_TEXTS.schoolSpent));
    expect((await send(first)).body).toEqual({ success: '0', message: MODEL_BUDGET_TEXTS.schoolSpent });
    // A refusal by the school's budget leaves the user's own count as it was.
    expect((await callsOf(others[0]!.id)) + (await callsOf(others[1]!.id))).toBe(SCHOOL - PER_USER);

    const admin = await (await server.signIn('admin')).openLive();
    const usage = await admin.request(modelBudget.getModelBudgetUsage, {});
    admin.close();
    expect(usage).toMatchObject({ day: moscowDateKey(Date.now()), perUserLimit: PER_USER, schoolLimit: SCHOOL, schoolCalls: SCHOOL });
    expect(usage.topUsers[0]).toMatchObject({ calls: PER_USER });
    expect(usage.topUsers.map((row) => row.calls).reduce((a, b) => a + b, 0)).toBe(SCHOOL);
    const studentSocket = await student.openLive();
    expect((await studentSocket.requestRaw(modelBudget.getModelBudgetUsage.path, {})).success).toBe('0');
    studentSocket.close();
  });

  it('counts per Moscow day, and a call given back frees its place (never below zero)', async () => {
    const someone = await makeStudentLike(server, 'student');
    // Moscow midnight: 21:00 UTC. One millisecond before it is still "today" there.
    const beforeMidnight = Date.parse('2030-03-10T20:59:59.999Z');
    const afterMidnight = beforeMidnight + 1;
    const limits = { perUser: 2, school: 1_000 };
    const take = (at: number) => db().transaction().execute((trx) => takeModelCall(trx, limits, someone.id, at));
    await take(beforeMidnight);
    await take(beforeMidnight);
    await expect(take(beforeMidnight)).rejects.toEqual(new CallFailure(MODEL_BUDGET_TEXTS.userSpent(2)));
    await take(afterMidnight);
    await giveBackModelCall(db(), someone.id, beforeMidnight);
    await take(beforeMidnight);
    for (let n = 0; n < 5; n++) await giveBackModelCall(db(), someone.id, afterMidnight);
    const rows = await db().selectFrom('model_calls_by_user').select(['day', 'calls']).where('user_id', '=', someone.id).orderBy('day').execute();
    expect(rows.map((row) => ({ day: row.day, calls: Number(row.calls) }))).toEqual([
      { day: '2030-03-10', calls: 2 },
      { day: '2030-03-11', calls: 0 },
    ]);
  });
});
