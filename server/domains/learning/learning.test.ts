import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledge, learning } from '../../../src/shared/contract';
import type { LiveTestSocket } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { Db } from '../../db';
import { questionJsonOf } from '../../questions/question-bank';
import { publicUserKey } from '../../users/user-key';
import { MIN_ANSWERS } from './forecast-model';

/** Issue 38: mastery from knowledge tests and the forecast call, end to end through the calls. */
describe.each(testDialects)('learning model and exam forecast on %s', (dialect) => {
  let server: TestServer;
  let db: Db;
  let chunkIds: number[];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    db = server.server.services.db;
    chunkIds = (await db.selectFrom('kb_published_chunks').select('id').where('kind', '=', 'theory').orderBy('id').execute()).map((row) => row.id);
  });
  afterAll(async () => {
    await server.close();
  });

  const userId = async (login: string) => (await db.selectFrom('users').select(['id', 'vk_id']).where('login', '=', login).executeTakeFirstOrThrow());
  const forget = async (login: string) => db.deleteFrom('learning_mastery').where('user_id', '=', (await userId(login)).id).execute();
  const mastery = async (login: string) =>
    new Map((await db.selectFrom('learning_mastery').selectAll().where('user_id', '=', (await userId(login)).id).execute()).map((row) => [row.element_code, { answers: Number(row.answers), right: Number(row.right_weight), wrong: Number(row.wrong_weight) }]));

  /** Takes the knowledge test of one cell, every answer right (the bank's own answer) or every answer left empty (wrong). */
  async function takeTest(live: LiveTestSocket, chunkId: number, right: boolean): Promise<number> {
    const test = await live.request(knowledge.getKnowledgeQuestions, { chunkId, startTest: '1' });
    for (const [index, item] of test.questions.entries()) {
      const row = await db.selectFrom('questions_p1').selectAll().where('id', '=', item.qId).executeTakeFirstOrThrow();
      const userAnswer = right ? questionJsonOf(row).rightAnswers[0]! : '';
      await live.request(knowledge.switchKnowledgeQuestion, { chunkId, qId: item.qId, userAnswer, finishTest: index === test.questions.length - 1 ? '1' : '0' });
    }
    return test.questions.length;
  }

  it('builds the seeded student’s mastery from her seeded progress (the seed writes rows, not calls)', async () => {
    const seeded = await mastery('student');
    expect(seeded.size).toBeGreaterThan(5);
    expect([...seeded.values()].every((state) => state.answers > 0 && state.right + state.wrong > 0)).toBe(true);
  });

  it('says «мало данных» for a student with no answers', async () => {
    await forget('package');
    const client = await server.signIn('package');
    const forecast = await client.call(learning.getExamForecast, { userKey: '' });
    expect(forecast.enoughData).toBe('0');
    expect(forecast.note).toBe('мало данных');
    expect(forecast.answers).toBe(0);
    expect(forecast.testScore).toBeNull();
    expect(forecast.raise).toEqual([]);
  });

  it('climbs above 85 with an interval inside 100 when every drawn question is answered right', async () => {
    await forget('intensive');
    const client = await server.signIn('intensive');
    const live = await client.openLive();
    try {
      let answered = 0;
      for (const chunkId of chunkIds) answered += await takeTest(live, chunkId, true);
      const late = await client.call(learning.getExamForecast, { userKey: '' });
      expect(late.enoughData).toBe('1');
      expect(late.answers).toBeGreaterThanOrEqual(answered);
      expect(late.testScore!).toBeGreaterThan(85);
      expect(late.testLow!).toBeGreaterThan(85);
      expect(late.testHigh!).toBeLessThanOrEqual(100);
      expect(late.primary!).toBeLessThanOrEqual(late.maxPrimary);
      expect(late.tasks).toHaveLength(25);
      expect(late.raise).toHaveLength(3);
    } finally {
      live.close();
    }
  });

  it('narrows the interval as answers accumulate (a student right on two cells of three)', async () => {
    await forget('student');
    const client = await server.signIn('student');
    const live = await client.openLive();
    try {
      let answered = 0;
      let early: Awaited<ReturnType<typeof client.call<typeof learning.getExamForecast>>> | undefined;
      for (const [index, chunkId] of chunkIds.entries()) {
        answered += await takeTest(live, chunkId, index % 3 !== 2);
        if (!early && answered >= MIN_ANSWERS) early = await client.call(learning.getExamForecast, { userKey: '' });
      }
      const late = await client.call(learning.getExamForecast, { userKey: '' });
      expect(early!.enoughData).toBe('1');
      expect(late.answers).toBeGreaterThan(early!.answers);
      expect(late.primaryHigh! - late.primaryLow!).toBeLessThan(early!.primaryHigh! - early!.primaryLow!);
      expect(late.testHigh! - late.testLow!).toBeLessThan(early!.testHigh! - early!.testLow!);
    } finally {
      live.close();
    }
  });

  it('falls below 40 when every drawn question is answered wrong', async () => {
    await forget('subscription');
    const client = await server.signIn('subscription');
    const live = await client.openLive();
    try {
      for (const chunkId of chunkIds) await takeTest(live, chunkId, false);
      const forecast = await client.call(learning.getExamForecast, { userKey: '' });
      expect(forecast.enoughData).toBe('1');
      expect(forecast.testHigh!).toBeLessThan(40);
      expect(forecast.testScore!).toBeLessThan(40);
    } finally {
      live.close();
    }
  });

  it("changes only the elements of a cell's own questions when that cell's test is taken", async () => {
    const client = await server.signIn('partial');
    const live = await client.openLive();
    try {
      for (const chunkId of chunkIds.slice(0, 12)) {
        const before = await mastery('partial');
        await takeTest(live, chunkId, chunkId % 2 === 0);
        const after = await mastery('partial');
        const questionIds = (await db.selectFrom('kb_published_questions').select('question_id').where('chunk_id', '=', chunkId).execute()).map((row) => row.question_id);
        const own = new Set((await db.selectFrom('question_p1_elements').select('element_code').where('question_id', 'in', questionIds).execute()).map((row) => row.element_code));
        const changed = [...after].filter(([code, state]) => before.get(code)?.answers !== state.answers).map(([code]) => code);
        expect(changed.length).toBeGreaterThan(0);
        expect(changed.filter((code) => !own.has(code))).toEqual([]);
        // Other cells keep their mastery unless they share an element with this cell's questions.
        for (const [code, state] of before) if (!own.has(code)) expect(after.get(code)).toEqual(state);
      }
    } finally {
      live.close();
    }
  });

  it('lets a student read only her own forecast, a curator their students, an admin everyone', async () => {
    const other = await userId('intensive');
    const key = publicUserKey(other);
    const student = await server.signIn('student');
    const refused = await student.callRaw(learning.getExamForecast, { userKey: key });
    expect(refused.body.success).toBe('0');
    expect(String(refused.body.message)).toMatch(/[А-Яа-я]/);
    expect((await student.call(learning.getExamForecast, { userKey: '' })).maxPrimary).toBe(58);
    const curator = await server.signIn('curator');
    expect((await curator.call(learning.getExamForecast, { userKey: key })).enoughData).toBe('1');
    const admin = await server.signIn('admin');
    expect((await admin.call(learning.getExamForecast, { userKey: key })).testScore).toBeGreaterThan(85);
    const demo = publicUserKey(await userId('demo'));
    expect((await curator.callRaw(learning.getExamForecast, { userKey: demo })).body.success).toBe('0');
  });

});
