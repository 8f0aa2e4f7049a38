import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, credits } from '@shared/contract';
import { CREDIT_TEXTS } from '@shared/contract/credits';
import { answerInputOf, type QuestionJson } from '@shared/domain/questions';
import type { TestClient } from '../../../../../../tests/helpers/client';
import { startedCreditAgo } from '../../../../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../../../../tests/helpers/server';
import { createApiClient } from '../../../lib/api-client';
import { newOpId } from '../../../lib/op-id';
import { createIndexedDbStore } from '../../../lib/offline-store/indexeddb-store';
import type { CallFn, OwnerScope } from '../../../lib/offline-store/owner-scope';
import { dismissCreditConflict, listCreditConflicts, pendingCreditCount, queueCreditAnswer, queuedCreditAnswers, syncCreditAnswers } from './credit-outbox';

// Credit answers given without a connection, end to end in plain Node: the real server, the real
// API client and the browser's offline store (the desktop store passes the same store suite).

const CREDIT = 2; // lesson 4: open for the demo student.

describe.each(testDialects)('credit answers given offline on %s', (dialect) => {
  let server: TestServer;
  let scope: OwnerScope;
  let call: CallFn;
  let phone: TestClient;
  let offline = false;
  let loseReplyOf: string | null = null;
  let attempt = 0;
  let questions: number[] = [];
  const db = () => server.server.services.db;
  const answerOf = async (qNum: number) => {
    const user = await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    return db().selectFrom('credit_auto_answers').select(['user_answer', 'answered_at']).where('user_id', '=', user.id).where('credit_num', '=', CREDIT).where('attempt', '=', attempt).where('q_num', '=', qNum).executeTakeFirstOrThrow();
  };
  /** A well-formed answer for a question of any type (right or wrong does not matter here). */
  const typedFor = async (qNum: number, digit = '1') => {
    const running = await phone.call(credits.getZachetAuto, { zachetNum: CREDIT });
    const input = answerInputOf(running.questions.find((item) => item.q_num === qNum)!.question.qJson as unknown as QuestionJson);
    if (input.kind === 'word') return digit === '1' ? 'первый' : 'второй';
    return input.kind === 'slots' ? digit.repeat(input.slots) : digit;
  };
  const answer = (questionNum: number, userAnswer: string) => ({ zachetNum: CREDIT, questionNum, userAnswer, opId: newOpId() });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const store = createIndexedDbStore({ name: `enot-credit-outbox-${dialect}` });
    const signedIn = await server.signIn('student');
    const client = createApiClient({
      baseUrl: () => server.url,
      session: () => signedIn.session!,
      onSignedOut: () => undefined,
      notify: () => undefined,
      clientName: 'enot-tests',
      fetch: async (url, init) => {
        if (offline) throw new TypeError('Failed to fetch');
        const response = await fetch(url, init);
        if (loseReplyOf !== null && String(url).includes(loseReplyOf)) {
          loseReplyOf = null;
          await response.arrayBuffer();
          throw new TypeError('Failed to fetch');
        }
        return response;
      },
    });
    call = (contract, input) => client.call(contract, input, { handleErrors: true });
    scope = { store, owner: (await call(account.getUserInfo, {})).userInfo.userKey };
    phone = await server.signIn('student');
  });
  afterAll(() => server.close());

  // Every case starts a fresh attempt of credit 2.
  beforeEach(async () => {
    for (const entry of await scope.store.outbox.list()) await scope.store.outbox.remove(entry.id);
    offline = false;
    const user = await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    await db().deleteFrom('credit_auto_answers').where('user_id', '=', user.id).where('credit_num', '=', CREDIT).execute();
    await db().deleteFrom('user_credits_auto').where('user_id', '=', user.id).where('credit_num', '=', CREDIT).execute();
    const running = await call(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' });
    attempt = running.zachetInfo.zu_popitka;
    questions = running.questions.map((item) => item.q_num);
  });

  it('keeps answers given without a connection and sends them in order when it returns', async () => {
    const [first, second] = questions as [number, number];
    const one = await typedFor(first);
    const two = await typedFor(second, '2');
    offline = true;
    await queueCreditAnswer(scope, answer(first, '9'), attempt);
    // Changed before it was sent: the newer answer replaces the waiting one.
    await queueCreditAnswer(scope, answer(first, one), attempt);
    await queueCreditAnswer(scope, answer(second, two), attempt);
    expect([...(await queuedCreditAnswers(scope, CREDIT, attempt)).entries()].map(([q, queued]) => [q, queued.input.userAnswer])).toEqual([
      [first, one],
      [second, two],
    ]);
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 0, stopped: true });
    expect(await pendingCreditCount(scope)).toBe(2);

    offline = false;
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 2, conflicts: 0, stopped: false });
    expect((await answerOf(first)).user_answer).toBe(one);
    expect((await answerOf(second)).user_answer).toBe(two);
    expect(await scope.store.outbox.list()).toEqual([]);
  });

  it('settles an answer whose reply was lost, and one the server already holds from another device', async () => {
    const [first, second] = questions as [number, number];
    const one = await typedFor(first);
    await queueCreditAnswer(scope, answer(first, one), attempt);
    loseReplyOf = 'send_zachet_auto.php';
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 0, stopped: true });
    expect((await answerOf(first)).user_answer).toBe(one);
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 1, conflicts: 0 });

    // The same answer given on the phone meanwhile: refused as «уже дан ответ», but nothing differs.
    const two = await typedFor(second);
    await queueCreditAnswer(scope, answer(second, two), attempt);
    await phone.call(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: second, userAnswer: two });
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await listCreditConflicts(scope)).toEqual([]);
  });

  it('keeps a refused answer with the server side until the student has seen it', async () => {
    const [first, second] = questions as [number, number];
    const mine = await typedFor(first, '1');
    const theirs = await typedFor(first, '2');
    await queueCreditAnswer(scope, answer(first, mine), attempt);
    await phone.call(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: first, userAnswer: theirs });
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 0, conflicts: 1 });
    // The attempt's time runs out before the second answer arrives.
    await queueCreditAnswer(scope, answer(second, await typedFor(second)), attempt);
    await startedCreditAgo(server, 'student', CREDIT, 60 * 60_000);
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 0, conflicts: 1 });
    const conflicts = await listCreditConflicts(scope, CREDIT);
    expect(conflicts.map(({ questionNum, mine: text, server: copy, message }) => ({ questionNum, text, answer: copy.answer, message }))).toEqual([
      { questionNum: first, text: mine, answer: theirs, message: CREDIT_TEXTS.alreadyAnswered },
      { questionNum: second, text: expect.any(String), answer: '', message: CREDIT_TEXTS.timeIsUp },
    ]);
    // Nothing overwritten on the server, nothing dropped on the device until seen.
    expect((await answerOf(first)).user_answer).toBe(theirs);
    expect(await syncCreditAnswers(call, scope)).toMatchObject({ sent: 0, conflicts: 0 });
    await dismissCreditConflict(scope, conflicts[0]!.entryId);
    expect((await listCreditConflicts(scope)).map((conflict) => conflict.questionNum)).toEqual([second]);
  });
});
