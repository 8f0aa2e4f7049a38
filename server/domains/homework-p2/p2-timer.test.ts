import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkP1, homeworkP2 } from '../../../src/shared/contract';
import { P2_TEXTS as T } from '../../../src/shared/contract/homework-p2';
import { editUser, setHomeworkProgress, setHomeworkRules } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const MIN = 60_000;
const ANSWERS = [
  { q_number: 1, user_answer: 'Конкуренция снижает цены и повышает качество товаров.' },
  { q_number: 2, user_answer: 'Доходы, цены заменителей, ожидания покупателей.' },
];

describe.each(testDialects)('homework part 2 time budget and difficult flags on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const progress = async (login: string, htNum: number) =>
    db().selectFrom('user_homeworks').selectAll().where('user_id', '=', await userId(login)).where('ht_num', '=', htNum).where('is_dop', '=', 0).executeTakeFirstOrThrow();
  /** Moves the budget's start back (the signed-request clock check needs the real clock). */
  const startedAgo = (login: string, htNum: number, ms: number) => setHomeworkProgress(server, login, htNum, { p2: { timerStartedAt: Date.now() - ms } });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    // Homeworks 4..6 get a 30-minute budget and no deadline; 1 (checked for the student) too.
    await setHomeworkRules(server, [1, 4, 5, 6], { p2TimeLimitMin: 30, deadlineAt: null });
  });
  afterAll(() => server.close());

  it('starts the budget on the first open, never restarts it, and answers its own count whatever localTimer says', async () => {
    const ksenia = await server.signIn('ksenia');
    expect(await ksenia.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 4 })).toEqual({ timer: null }); // not opened yet
    const opened = await ksenia.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'Ksen01' });
    expect(opened.htInfo.timer).toBe(30 * 60);
    const started = (await progress('ksenia', 4)).p2_timer_started_at;
    expect(started).not.toBeNull();
    await startedAgo('ksenia', 4, 10 * MIN);
    // Another open (another tab) keeps the start.
    expect((await ksenia.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'Ksen02' })).htInfo.timer).toBeLessThanOrEqual(20 * 60);
    for (const localTimer of [99_999, 5, -3]) {
      const { timer } = await ksenia.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 4, localTimer });
      expect(timer).toBeGreaterThan(20 * 60 - 5);
      expect(timer).toBeLessThanOrEqual(20 * 60);
    }
    // Saves go on while time is left.
    await ksenia.call(homeworkP2.saveHtP2New, { htNum: 4, questions: ANSWERS.slice(0, 1), markSave: 'Ksen02' });
    // An untimed homework answers null.
    await setHomeworkRules(server, 3, { p2TimeLimitMin: null });
    await ksenia.call(homeworkP2.getHtP2Camel, { htNum: 3, markSave: 'Ksen01' });
    expect(await ksenia.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 3 })).toEqual({ timer: null });
    expect((await ksenia.call(homeworkP2.getHtP2Camel, { htNum: 3, markSave: 'Ksen01' })).htInfo.timer).toBeNull();
  });

  it("with startButtonPressed '0' tells the length and starts nothing until the student presses «Начать»", async () => {
    const sofia = await server.signIn('sofia');
    const look = await sofia.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'Sofia9', startButtonPressed: '0' });
    // Not started: no status, no clock, no question text to read for free, but the length and totals.
    expect(look.htStatusP2).toBe('');
    expect(look.questions).toEqual([]);
    expect(look.htInfo).toMatchObject({ timer: null, timeLimitMin: 30, qNumsP2: 2 });
    const stored = await db().selectFrom('user_homeworks').select(['status_p2', 'p2_timer_started_at']).where('user_id', '=', await userId('sofia')).where('ht_num', '=', 4).executeTakeFirst();
    expect(stored?.status_p2 ?? '').toBe('');
    expect(stored?.p2_timer_started_at ?? null).toBeNull();
    expect(await sofia.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 4 })).toEqual({ timer: null });
    // Nothing can be saved or sent before the start.
    expect((await sofia.callRaw(homeworkP2.saveHtP2New, { htNum: 4, questions: ANSWERS, markSave: 'Sofia9' })).body).toEqual({ success: '0', message: T.notStarted });
    expect((await sofia.callRaw(homeworkP2.endHtP2, { htNum: 4 })).body).toEqual({ success: '0', message: T.notStarted });
    // «Начать»: the clock starts now and the questions arrive.
    const started = await sofia.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'Sofia9', startButtonPressed: '1' });
    expect(started).toMatchObject({ htStatusP2: 'Выполняется', htInfo: { timer: 30 * 60, timeLimitMin: 30 } });
    expect(started.questions).toHaveLength(2);
    expect((await progress('sofia', 4)).p2_timer_started_at).not.toBeNull();
    // Once started, '0' opens the running work as it is.
    const again = await sofia.call(homeworkP2.getHtP2Camel, { htNum: 4, markSave: 'Sofia9', startButtonPressed: '0' });
    expect(again.htStatusP2).toBe('Выполняется');
    expect(again.htInfo.timer).toBeGreaterThan(30 * 60 - 5);
    // An untimed homework opens in progress with '0' too: no clock runs, nothing to announce.
    const untimed = await sofia.call(homeworkP2.getHtP2Camel, { htNum: 2, markSave: 'Sofia9', startButtonPressed: '0' });
    expect(untimed).toMatchObject({ htStatusP2: 'Выполняется', htInfo: { timer: null, timeLimitMin: null } });
  });

  it('at zero takes the in-flight save and a submit without every mandatory answer', async () => {
    const timofey = await server.signIn('timofey');
    await timofey.call(homeworkP2.getHtP2Camel, { htNum: 5, markSave: 'Tim001' });
    await startedAgo('timofey', 5, 30 * MIN + 10_000); // 10 s past zero: inside the grace
    expect(await timofey.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 5 })).toEqual({ timer: 0 });
    const atZero = await timofey.call(homeworkP2.getHtP2Camel, { htNum: 5, markSave: 'Tim001' });
    expect(atZero).toMatchObject({ htStatusP2: 'Выполняется', htInfo: { timer: 0 } });
    await timofey.call(homeworkP2.saveHtP2New, { htNum: 5, questions: ANSWERS.slice(0, 1), markSave: 'Tim001' });
    // Question 2 (mandatory) is empty, yet the time is over: the work goes to the curator as it is.
    await timofey.call(homeworkP2.endHtP2, { htNum: 5 });
    const done = await timofey.call(homeworkP2.getHtP2Camel, { htNum: 5, markSave: 'Tim001' });
    expect(done.htStatusP2).toBe('Готово');
    expect(done.htInfo.timer).toBeNull();
    expect(done.questions.map((q) => q.userAnswer)).toEqual([ANSWERS[0]!.user_answer, '']);
    const row = await progress('timofey', 5);
    // Submitted at the moment the time ended, not later.
    expect(row.p2_submitted_at).toBe(row.p2_timer_started_at! + 30 * MIN);
    expect(await timofey.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 5 })).toEqual({ timer: null });
  });

  it('after the grace refuses saves with a clear message and submits what was saved; lateness is judged by when time ended', async () => {
    const sofia = await server.signIn('sofia');
    await sofia.call(homeworkP2.getHtP2Camel, { htNum: 6, markSave: 'Sofia1' });
    await sofia.call(homeworkP2.saveHtP2New, { htNum: 6, questions: ANSWERS, markSave: 'Sofia1' });
    await startedAgo('sofia', 6, 30 * MIN + 31_000);
    // The deadline passed after her time had ended, before she came back: not late.
    await setHomeworkRules(server, 6, { deadlineAt: Date.now() - 10_000 });
    const refused = await sofia.callRaw(homeworkP2.saveHtP2New, { htNum: 6, questions: [{ q_number: 1, user_answer: 'Переписанный ответ' }], markSave: 'Sofia1' });
    expect(refused.body).toEqual({ success: '0', message: T.timeIsUp });
    // Even a forced save from another tab is refused.
    expect((await sofia.callRaw(homeworkP2.saveHtP2New, { htNum: 6, questions: ANSWERS, markSave: 'Sofia2', forceSave: '1' })).body).toEqual({ success: '0', message: T.notEditable });
    const done = await sofia.call(homeworkP2.getHtP2Camel, { htNum: 6, markSave: 'Sofia1' });
    expect(done.htStatusP2).toBe('Готово');
    expect(done.htInfo.isLate).toBe('0');
    expect(done.questions.map((q) => q.userAnswer)).toEqual(ANSWERS.map((a) => a.user_answer));
    expect((await sofia.callRaw(homeworkP2.endHtP2, { htNum: 6 })).body).toEqual({ success: '0', message: T.notEditable });
    await setHomeworkRules(server, 6, { deadlineAt: null });
  });

  it('submits on the next open when the time ran out while away, and sends a self-check homework to self-check', async () => {
    await setHomeworkRules(server, 6, { p2SelfCheck: true });
    const maxim = await server.signIn('maxim');
    await maxim.call(homeworkP2.getHtP2Camel, { htNum: 6, markSave: 'Maxim1' });
    await maxim.call(homeworkP2.saveHtP2New, { htNum: 6, questions: ANSWERS.slice(1), markSave: 'Maxim1' });
    await startedAgo('maxim', 6, 2 * 60 * MIN);
    const back = await maxim.call(homeworkP2.getHtP2Camel, { htNum: 6, markSave: 'Maxim1' });
    expect(back.htStatusP2).toBe('Самопров');
    expect(back.questions.map((q) => q.userAnswer)).toEqual(['', ANSWERS[1]!.user_answer]);
    // Scoring one's own work is untimed.
    const socket = await maxim.openLive();
    await socket.request(homeworkP2.setSelfcheckResultHtP2, { dzNum: 6, taskNum: 1, checkComment: '', checkBall: 0 });
    socket.close();
    await setHomeworkRules(server, 6, { p2SelfCheck: false });
  });

  it('never times mistake work, and a limit added to an open work starts on the next open', async () => {
    await editUser(server, 'student', { withMistakeWork: '1' });
    const student = await server.signIn('student');
    await student.call(homeworkP2.htToMistakeWorkP2, { htNum: 1 });
    const work = await student.call(homeworkP2.getHtP2Camel, { htNum: 1, markSave: 'Stud01' });
    expect(work).toMatchObject({ htStatusP2: 'Выполняется', htInfo: { mistakeWorkP2: '1', timer: null } });
    expect((await progress('student', 1)).p2_timer_started_at).toBeNull();
    const old = work.questions[0]!.userOldAnswer;
    await student.call(homeworkP2.saveHtP2New, { htNum: 1, questions: [{ q_number: 1, user_answer: `${old}\n\nДополнение.` }], markSave: 'Stud01' });
    expect(await student.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 1 })).toEqual({ timer: null });

    // Homework 3 opened untimed (first test's setup for ksenia): a limit set now starts on her next open.
    await setHomeworkRules(server, 3, { p2TimeLimitMin: 45 });
    const ksenia = await server.signIn('ksenia');
    expect(await ksenia.call(homeworkP1.getHomeTaskTimer, { htPart: 'p2', htNum: 3 })).toEqual({ timer: null });
    expect((await ksenia.call(homeworkP2.getHtP2Camel, { htNum: 3, markSave: 'Ksen01' })).htInfo.timer).toBe(45 * 60);
  });

  it('flags a seen part 2 question as difficult and back; refuses unseen, unknown and malformed ones', async () => {
    const student = await server.signIn('student');
    const seen = (await student.call(homeworkP2.getHtP2Camel, { htNum: 2, markSave: 'Stud01' })).questions[0]!;
    expect(seen.isDifficult).toBe('0');
    await student.call(homeworkP2.setAsDifficult2, { qId: seen.qId, isDifficult: '1' });
    await student.call(homeworkP2.setAsDifficult2, { qId: seen.qId, isDifficult: '1' }); // twice: still one flag
    expect((await student.call(homeworkP2.getHtP2Camel, { htNum: 2, markSave: 'Stud01' })).questions[0]!.isDifficult).toBe('1');
    await student.call(homeworkP2.setAsDifficult2, { qId: seen.qId, isDifficult: '0' });
    expect((await student.call(homeworkP2.getHtP2Camel, { htNum: 2, markSave: 'Stud01' })).questions[0]!.isDifficult).toBe('0');
    // The flag is the student's own.
    const egor = await server.signIn('egor');
    await egor.call(homeworkP2.setAsDifficult2, { qId: seen.qId, isDifficult: '1' });
    expect((await student.call(homeworkP2.getHtP2Camel, { htNum: 2, markSave: 'Stud01' })).questions[0]!.isDifficult).toBe('0');

    // A question of a homework the student never opened (lesson 9 is closed), an unknown id, a bad flag.
    const unseen = await db().selectFrom('homework_questions_p2').select('question_id').where('ht_num', '=', 9).executeTakeFirstOrThrow();
    expect((await student.callRaw(homeworkP2.setAsDifficult2, { qId: unseen.question_id, isDifficult: '1' })).body).toEqual({ success: '0', message: T.unknownQuestion });
    expect((await student.callRaw(homeworkP2.setAsDifficult2, { qId: 999_999, isDifficult: '1' })).body).toEqual({ success: '0', message: T.unknownQuestion });
    expect((await student.callRaw(homeworkP2.setAsDifficult2, { qId: seen.qId, isDifficult: '2' })).body.success).toBe('0');
    expect((await student.callRaw(homeworkP2.setAsDifficult2, { qId: 'abc', isDifficult: '1' })).body.success).toBe('0');
    // Opened once, but the lesson closed since (an inactive account): refused too.
    await editUser(server, 'egor', { userType: 'Неактивный' });
    const closed = await server.signIn('egor');
    expect((await closed.callRaw(homeworkP2.setAsDifficult2, { qId: seen.qId, isDifficult: '0' })).body).toEqual({ success: '0', message: T.unknownQuestion });
  });
});
