import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credits, curatorHomework, homeworkP2 } from '../../src/shared/contract';
import { CREDIT_TEXTS } from '../../src/shared/contract/credits';
import { answerInputOf, type QuestionJson } from '../../src/shared/domain/questions';
import type { InputOf } from '../../src/shared/contract/core';
import { CHECK_TEXTS } from '../../src/shared/contract/curator-homework';
import { OP_TEXTS } from '../../src/shared/contract/fields';
import { P2_TEXTS } from '../../src/shared/contract/homework-p2';
import { APPLIED_OPS_KEEP_MS, pruneAppliedOps } from '../../server/applied-ops/applied-ops';
import { APPLIED_OPS_SWEEP_JOB_KEY } from '../../server/applied-ops/sweep-job';
import { userIdOf, userKeyOf } from '../helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue 29 item 4, no false conflicts: a queued change carries an operation id; the server applies
 * it once and answers a resend (its reply was lost) from what it remembered, in the change's own
 * transaction. Another user's id is theirs alone.
 */
const HT = 3; // seeded: egor, sofia and maxim submitted part 2 of homework 3 ('Готово').
const OP = 'op-0123456789abcdef0123';
const check = (comment: string, points: number) => ({
  '1': { cur_comment: comment, ballov: points, add_comments: {} },
  '2': { cur_comment: '', ballov: 3, add_comments: {} },
});

describe.each(testDialects)('operation ids of queued changes on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  const workOf = async (login: string) => {
    const userId = await userIdOf(server, login);
    const work = await db().selectFrom('user_homeworks').select(['status_p2', 'points_p2', 'updated_at', 'p2_checker_id']).where('user_id', '=', userId).where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirstOrThrow();
    const answers = await db().selectFrom('homework_answers_p2').select(['q_number', 'points', 'teacher_comment']).where('user_id', '=', userId).where('ht_num', '=', HT).orderBy('q_number').execute();
    return { ...work, answers };
  };
  const opsOf = async (login: string) => db().selectFrom('applied_ops').select(['op_id', 'call']).where('user_id', '=', await userIdOf(server, login)).execute();
  const versionOf = async (client: Awaited<ReturnType<TestServer['signIn']>>, studentKey: string) =>
    (await client.call(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${studentKey}`, onlyChecked: '0' })).result[0]!.workVersion;

  let curatorCheck: { input: InputOf<typeof curatorHomework.setResultP2>; workVersion: string } | undefined;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it("applies a curator's check once: the resend of a lost reply is answered «уже применено», not a conflict", async () => {
    const curator = await server.signIn('curator');
    const egor = await userKeyOf(server, 'egor');
    const input = { action: 'endChecking' as const, dzNum: HT, studentId: egor, jsonData: check('Третий аргумент не раскрыт', 2), baseVersion: await versionOf(curator, egor), opId: OP };

    const first = await curator.call(curatorHomework.setResultP2, input);
    expect(first.alreadyApplied).toBeUndefined();
    curatorCheck = { input, workVersion: first.workVersion };
    const applied = await workOf('egor');
    expect(applied).toMatchObject({ status_p2: 'Проверен', points_p2: 5 });
    expect(await opsOf('curator')).toEqual([{ op_id: OP, call: curatorHomework.setResultP2.path }]);

    // The reply was lost: the device sends the same queued check again.
    const again = await curator.callRaw(curatorHomework.setResultP2, input);
    expect(again.body).toEqual({ success: '1', message: '', workVersion: first.workVersion, alreadyApplied: '1' });
    // Nothing written a second time: the row and its answers are as the first send left them.
    expect(await workOf('egor')).toEqual(applied);
    expect(await opsOf('curator')).toHaveLength(1);

    // Without the id the same resend is what the curator used to get: a conflict with their own check.
    const { opId: _dropped, ...withoutId } = input;
    expect((await curator.callRaw(curatorHomework.setResultP2, withoutId)).body).toMatchObject({ success: '0', message: CHECK_TEXTS.conflict, conflict: '1' });
    expect(await workOf('egor')).toEqual(applied);
  });

  it("another user's use of the same id is their own change and learns nothing of the first", async () => {
    const curator = await server.signIn('curator');
    const admin = await server.signIn('admin');
    const egor = await userKeyOf(server, 'egor');
    const sofia = await userKeyOf(server, 'sofia');
    const egorAfterCurator = await workOf('egor');
    // The admin replays the curator's exact egor check with the curator's id: not answered from the
    // curator's row (that would say the write worked and hand over the version) but judged as the
    // admin's own write, which conflicts with the work as it is now.
    const replay = { action: 'endChecking' as const, dzNum: HT, studentId: egor, jsonData: check('Третий аргумент не раскрыт', 2), baseVersion: '00000000000000000000', opId: OP };
    const refused = await admin.callRaw(curatorHomework.setResultP2, replay);
    expect(refused.body).toMatchObject({ success: '0', message: CHECK_TEXTS.conflict });
    expect(refused.body.alreadyApplied).toBeUndefined();
    expect(await workOf('egor')).toEqual(egorAfterCurator);
    expect(await opsOf('admin')).toEqual([]);

    // With the same id on another work, the admin's change is applied as theirs.
    const taken = await admin.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: sofia, jsonData: check('Админ: нет примера', 1), opId: OP });
    expect(taken.alreadyApplied).toBeUndefined();
    expect(taken.workVersion).toBe(await versionOf(curator, sofia));
    expect((await workOf('sofia')).answers[0]).toMatchObject({ points: 1, teacher_comment: 'Админ: нет примера' });
    expect(await opsOf('admin')).toEqual([{ op_id: OP, call: curatorHomework.setResultP2.path }]);
    // The curator's own row is untouched and still answers the curator.
    const resent = await curator.call(curatorHomework.setResultP2, curatorCheck!.input);
    expect(resent).toEqual({ workVersion: curatorCheck!.workVersion, alreadyApplied: '1' });
  });

  it('refuses the same id with a different change and writes nothing', async () => {
    const curator = await server.signIn('curator');
    const maxim = await userKeyOf(server, 'maxim');
    const before = await workOf('maxim');
    const reused = await curator.callRaw(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: maxim, jsonData: check('другое', 0), opId: OP });
    expect(reused.body).toEqual({ success: '0', message: OP_TEXTS.reused });
    expect(await workOf('maxim')).toEqual(before);
  });

  it("answers a resent part 2 save with the first save's time, even after another tab took the work", async () => {
    const laptop = await server.signIn('student');
    const phone = await server.signIn('student');
    const HT_STUDENT = 3; // lesson 3: open for the demo student, part 2 untouched.
    await laptop.call(homeworkP2.getHtP2Camel, { htNum: HT_STUDENT, markSave: 'TabAAA' });
    const save = { htNum: HT_STUDENT, questions: [{ q_number: 1, user_answer: 'Цены снижаются из-за конкуренции.' }], markSave: 'TabAAA', opId: 'save-aaaaaaaaaaaaaaaa' };
    const first = await laptop.call(homeworkP2.saveHtP2New, save);
    expect(first.alreadyApplied).toBeUndefined();
    // The phone opens the work meanwhile; a plain resend from the laptop would get '22'.
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT_STUDENT, markSave: 'TabBBB' });
    await phone.call(homeworkP2.saveHtP2New, { htNum: HT_STUDENT, questions: [{ q_number: 1, user_answer: 'С телефона.' }], markSave: 'TabBBB' });
    const again = await laptop.callRaw(homeworkP2.saveHtP2New, save);
    expect(again.body).toEqual({ success: '1', message: '', savedAt: first.savedAt, alreadyApplied: '1' });
    // Not written again: the phone's later answer stays.
    expect((await phone.call(homeworkP2.getHtP2Camel, { htNum: HT_STUDENT, markSave: 'TabBBB' })).questions[0]!.userAnswer).toBe('С телефона.');
    const { opId: _dropped, ...withoutId } = save;
    expect((await laptop.callRaw(homeworkP2.saveHtP2New, withoutId)).body).toMatchObject({ success: '22', message: P2_TEXTS.otherDevice });
    // A refused save is not remembered: the same id is free for the save that gets through.
    const refusedOp = { ...save, questions: [{ q_number: 1, user_answer: 'Отказано' }], opId: 'save-bbbbbbbbbbbbbbbb' };
    expect((await laptop.callRaw(homeworkP2.saveHtP2New, refusedOp)).body.success).toBe('22');
    const forced = await laptop.call(homeworkP2.saveHtP2New, { ...refusedOp, forceSave: '1' });
    expect(forced.alreadyApplied).toBeUndefined();
  });

  it("answers a resent credit answer «уже применено» instead of «уже дан ответ», and only once", async () => {
    const student = await server.signIn('student');
    const CREDIT = 2; // lesson 4: open for the demo student, not started.
    const running = await student.call(credits.getZachetAuto, { zachetNum: CREDIT, startButtonPressed: '1' });
    const first = running.questions[0]!;
    // A well-formed answer of the question's type (right or wrong does not matter here).
    const input = answerInputOf(first.question.qJson as unknown as QuestionJson);
    const typed = input.kind === 'word' ? 'ответ' : input.kind === 'slots' ? '1'.repeat(input.slots) : '1';
    const answer = { zachetNum: CREDIT, questionNum: first.q_num, userAnswer: typed, opId: 'credit-aaaaaaaaaaaaaaaa' };
    const answeredRow = async () =>
      db().selectFrom('credit_auto_answers').select(['user_answer', 'answered_at', 'points']).where('user_id', '=', await userIdOf(server, 'student')).where('credit_num', '=', CREDIT).where('q_num', '=', first.q_num).executeTakeFirstOrThrow();
    expect((await student.call(credits.sendZachetAuto, answer)).alreadyApplied).toBeUndefined();
    const stored = await answeredRow();
    expect(stored.answered_at).not.toBeNull();
    // The reply was lost: the same answer again is settled, nothing written twice.
    expect((await student.callRaw(credits.sendZachetAuto, answer)).body).toEqual({ success: '1', message: '', alreadyApplied: '1' });
    expect(await answeredRow()).toEqual(stored);
    // Without the id it is what a resend used to get.
    const { opId: _dropped, ...withoutId } = answer;
    expect((await student.callRaw(credits.sendZachetAuto, withoutId)).body).toEqual({ success: '0', message: CREDIT_TEXTS.alreadyAnswered });
    // A refused answer is not remembered: its id is free for a later answer.
    const second = running.questions[1]!;
    const refused = { zachetNum: CREDIT, questionNum: second.q_num, userAnswer: ' ', opId: 'credit-bbbbbbbbbbbbbbbb' };
    expect((await student.callRaw(credits.sendZachetAuto, refused)).body).toEqual({ success: '0', message: CREDIT_TEXTS.emptyAnswer });
    expect((await opsOf('student')).filter((op) => op.call === credits.sendZachetAuto.path).map((op) => op.op_id)).toEqual(['credit-aaaaaaaaaaaaaaaa']);
  });

  it('an id of a malformed shape is refused by the contract', async () => {
    const student = await server.signIn('student');
    const reply = await student.callRaw(homeworkP2.saveHtP2New, { htNum: 3, questions: [], markSave: 'TabAAA', opId: 'short' });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe('0');
  });

  it('forgets ids after their keeping time through the sweep job armed at start', async () => {
    const job = await db().selectFrom('jobs').select(['kind', 'status']).where('key', '=', APPLIED_OPS_SWEEP_JOB_KEY).executeTakeFirstOrThrow();
    expect(job).toEqual({ kind: 'applied-ops-sweep', status: 'pending' });
    const kept = await db().selectFrom('applied_ops').select(['user_id', 'op_id', 'created_at']).execute();
    expect(kept.length).toBeGreaterThan(1);
    const newest = Math.max(...kept.map((row) => Number(row.created_at)));
    expect(await pruneAppliedOps(db(), newest + APPLIED_OPS_KEEP_MS - 1)).toBeLessThan(kept.length);
    expect(await pruneAppliedOps(db(), newest + APPLIED_OPS_KEEP_MS + 1)).toBeGreaterThan(0);
    expect(await db().selectFrom('applied_ops').select('op_id').execute()).toEqual([]);
  });
});
