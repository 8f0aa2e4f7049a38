import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credits } from '../../../src/shared/contract';
import { CREDIT_TEXTS as T } from '../../../src/shared/contract/credits';
import { answerToDisplayed } from '../../../src/shared/domain/questions';
import type { TestClient } from '../../../tests/helpers/client';
import { setCreditRules, startedCreditAgo } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { questionJsonOf } from '../../questions/question-bank';

const CREDIT = 2; // lesson 4, lessons '3,4': open for the demo student, not started.

describe.each(testDialects)('automatic credits on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const rightAnswer = async (questionId: number) => {
    const row = await db().selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    const question = questionJsonOf(row);
    return { right: answerToDisplayed(question, question.rightAnswers[0]!), wrong: question.questionType === 'WORD' ? 'ошибка' : '9' };
  };
  const solve = async (client: TestClient, wrongCount: number) => {
    const running = await client.call(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' });
    expect(running.zachetStatus).toBe('Проводится');
    for (const [index, item] of running.questions.entries()) {
      const { right, wrong } = await rightAnswer(item.q_id);
      let answer = index < wrongCount ? wrong : right;
      // '9' is out of range for every bank question, but a slot question needs its full length.
      if (index < wrongCount && item.question.ans_length > 0) answer = '9'.repeat(item.question.ans_length);
      const reply = await client.callRaw(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: item.q_num, userAnswer: answer });
      expect(reply.body.success).toBe('1');
    }
    return client.call(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '0' });
  };

  it('shows a new credit, starts an attempt with questions from its lessons and hides answers while running', async () => {
    const student = await server.signIn('student');
    const fresh = await student.call(credits.getZachetAuto, { zachetNum: CREDIT });
    expect(fresh.zachetStatus).toBe('Новый');
    expect(fresh.zachetInfo).toMatchObject({ za_id: CREDIT, za_lesson_numbers: '3,4', za_max_popitok: 3, zu_popitka: 0, time_left: 0 });
    expect(fresh.questions).toEqual([]);

    const running = await student.call(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' });
    expect(running.zachetStatus).toBe('Проводится');
    expect(running.questions).toHaveLength(10);
    expect(running.zachetInfo.time_left).toBeGreaterThan(19 * 60);
    expect(new Set(running.questions.map((q) => q.question.qJson.qLessonNum)).size).toBeGreaterThan(0);
    expect(running.questions.every((q) => [3, 4].includes(q.question.qJson.qLessonNum) && q.question.q_answer === '' && q.question.qJson.rightAnswers === undefined)).toBe(true);

    // A second device sees the same attempt and the same clock.
    const other = await server.signIn('student');
    const again = await other.call(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' });
    expect(again.zachetInfo.zu_popitka).toBe(1);
    expect(again.questions.map((q) => q.q_id)).toEqual(running.questions.map((q) => q.q_id));
    expect(Math.abs(again.zachetInfo.time_left - running.zachetInfo.time_left)).toBeLessThanOrEqual(2);

    // Answer validation and one answer per question.
    const first = running.questions[0]!;
    expect((await student.callRaw(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: first.q_num, userAnswer: ' ' })).body).toEqual({ success: '0', message: T.emptyAnswer });
    const { right } = await rightAnswer(first.q_id);
    expect((await student.callRaw(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: first.q_num, userAnswer: right })).body.success).toBe('1');
    expect((await student.callRaw(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: first.q_num, userAnswer: right })).body).toEqual({ success: '0', message: T.alreadyAnswered });
  });

  it('ends a timed-out attempt with what was answered (unanswered count as errors)', async () => {
    const student = await server.signIn('student');
    await startedCreditAgo(server, 'student', CREDIT, 21 * 60_000);
    const result = await student.call(credits.getZachetAuto, { zachetNum: CREDIT });
    expect(result.zachetStatus).toBe('Несдан');
    expect(result.zachetInfo.zu_errors).toBe(9);
    expect(result.questions[0]!.question.q_answer).not.toBe('');
    expect((await student.callRaw(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: 2, userAnswer: '1' })).body).toEqual({ success: '0', message: T.notRunning });
  });

  it('fails with too many errors, allows retakes up to 3 attempts, then refuses with the spec text', async () => {
    const student = await server.signIn('student');
    const second = await solve(student, 5);
    expect(second.zachetStatus).toBe('Несдан');
    expect(second.zachetInfo).toMatchObject({ zu_popitka: 2, zu_errors: 5 });
    const third = await solve(student, 3);
    expect(third.zachetStatus).toBe('Несдан');
    const fourth = await student.callRaw(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' });
    expect(fourth.body).toEqual({ success: '0', message: 'Превышен лимит попыток. Обратись к куратору' });
  });

  it('passes with at most the allowed errors and then refuses another start', async () => {
    const egor = await server.signIn('egor');
    const result = await solve(egor, 2);
    expect(result.zachetStatus).toBe('Сдан');
    expect(result.zachetInfo.zu_errors).toBe(2);
    expect((await egor.callRaw(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' })).body).toEqual({ success: '0', message: T.alreadyPassed });
  });

  it('refuses closed, unknown and not yet started credits', async () => {
    const student = await server.signIn('student');
    expect((await student.callRaw(credits.getZachetAuto, { zachetNum: 4 })).body).toEqual({ success: '0', message: T.closed });
    expect((await student.callRaw(credits.getZachetAuto, { zachetNum: 99 })).body).toEqual({ success: '0', message: T.notFound });
    await setCreditRules(server, 3, { startsAt: Date.now() + 86_400_000 });
    expect((await student.callRaw(credits.getZachetAuto, { zachetNum: 3, startButtonPressed: '1' })).body).toEqual({ success: '0', message: T.notStarted });
  });
});
