import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course, homeworkP1 } from '../../../src/shared/contract';
import { HOMEWORK_TEXTS as T } from '../../../src/shared/contract/homework-p1';
import type { TestClient } from '../../../tests/helpers/client';
import { makeHomework, setHomeworkProgress, setHomeworkRules, type PartOneQuestion } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const HT = 5;
/** The server's clock, so deadlines can be set relative to it. */
const clock = { now: () => Date.now() };

const QUESTIONS: PartOneQuestion[] = [
  // Task 1 (2 points): right statements 1, 3, 5.
  { questionType: 'VARIANTS', questionText: 'Выберите верные суждения о семье.', questionAnsColumn1: ['а', 'б', 'в', 'г', 'д'], rightAnswers: ['135'], qEgeNum: 1, qLessonNum: 5, qChapter: 'Социальные отношения', descriptionGeneral: 'Пояснение 1' },
  // Task 2 (1 point): a word.
  { questionType: 'WORD', questionText: 'Запишите слово, пропущенное в схеме.', rightAnswers: ['стратификация'], qEgeNum: 2, qLessonNum: 5, qChapter: 'Социальные отношения' },
  // Task 5 (2 points): match, shuffled rows.
  { questionType: 'MATCH', questionText: 'Установите соответствие.', questionAnsColumn1: ['а', 'б', 'в', 'г'], questionAnsColumn2: ['x', 'y'], rightAnswers: ['1212'], mixRuleColumn1: [2, 1, 3, 4], qEgeNum: 5, qLessonNum: 5, qChapter: 'Социальные отношения' },
];

describe.each(testDialects)('homework part 1 on %s', (dialect) => {
  let server: TestServer;
  let student: TestClient;
  const questionIds: number[] = [];
  const get = (client = student, isDopPart: '0' | '1' = '0') => client.call(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart });
  const send = (questionNum: number, userAnswer: string, client = student) => client.callRaw(homeworkP1.sendHtP1Divided, { htNum: HT, isDopPart: '0', questionNum, userAnswer });

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock });
    // The demo bank is attached to every homework: this test brings its own three questions.
    const made = await makeHomework(server, { num: HT, part1: QUESTIONS.map((question) => ({ ...question, isPublished: '1' })), rules: { p1TimeLimitMin: 30, deadlineAt: null } });
    questionIds.push(...made.questionIds);
    student = await server.signIn('student');
  });
  afterAll(() => server.close());

  it('a timed part opened with startButtonPressed 0 is not started: no row, no questions, the full time', async () => {
    const sofia = await server.signIn('sofia');
    const before = await sofia.call(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '0', startButtonPressed: '0' });
    expect(before).toMatchObject({ htStatusP1: '', questions: [] });
    expect(before.htInfo).toMatchObject({ q_nums_p1: 3, timer: 30 * 60, maxballov_p1: 5, user_ballov_p1: null });
    const row = () => server.server.services.db.selectFrom('user_homeworks').innerJoin('users', 'users.id', 'user_homeworks.user_id').select('p1_started_at').where('users.login', '=', 'sofia').where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirst();
    expect(await row()).toBeUndefined();
    // «Начать»: the clock starts now, and opening again with '0' shows the work in progress.
    const pressedAt = clock.now();
    const started = await sofia.call(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '0', startButtonPressed: '1' });
    expect(started.htStatusP1).toBe('Выполняется');
    expect(started.questions).toHaveLength(1);
    expect((await row())?.p1_started_at).toBeGreaterThanOrEqual(pressedAt);
    expect((await sofia.call(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '0', startButtonPressed: '0' })).htStatusP1).toBe('Выполняется');
  });

  it('the optional part has no timer: startButtonPressed 0 opens it at once', async () => {
    const sofia = await server.signIn('sofia');
    const optional = await sofia.callRaw(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '1', startButtonPressed: '0' });
    // This homework has no optional questions: the refusal is the same as without the flag.
    expect(optional.body).toEqual((await sofia.callRaw(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '1' })).body);
  });

  it('starts on first open and shows only the current question, without the answer', async () => {
    const part = await get();
    expect(part.htStatusP1).toBe('Выполняется');
    expect(part.htInfo).toMatchObject({ q_num_now_p1: 1, q_num_last_p1: 1, q_nums_p1: 3, timer: 30 * 60, maxballov_p1: 5, user_ballov_p1: null });
    expect(part.questions).toHaveLength(1);
    expect(part.questions[0]).toMatchObject({ q_number: 1, q_answer: '', q_description: '', real_ball: 2, user_ball: null });
    expect(part.questions[0]!.qJson.rightAnswers).toBeUndefined();
    expect(part.questions[0]!.qJson.descriptionGeneral).toBeUndefined();
  });

  it('refuses answers of the wrong shape, the wrong step and empty ones', async () => {
    expect((await send(1, '')).body).toEqual({ success: '0', message: T.emptyAnswer });
    expect((await send(1, 'абв')).body).toEqual({ success: '0', message: T.badAnswer });
    expect((await send(2, '13')).body).toEqual({ success: '0', message: T.wrongQuestion });
  });

  it('scores each step, steps back only from the last reached question, keeps a draft, finishes with the sum', async () => {
    expect((await send(1, '13')).body.success).toBe('1'); // one missing digit: 1 of 2
    expect((await get()).htInfo).toMatchObject({ q_num_now_p1: 2, q_num_last_p1: 2 });
    // Step back from question 2 with a typed draft, then answer question 1 again correctly.
    expect((await student.callRaw(homeworkP1.backwardQuestionHtP1Divided, { htNum: HT, isDopPart: '0', tempUserAnswer: 'страта' })).body.success).toBe('1');
    const back = await get();
    expect(back.htInfo).toMatchObject({ q_num_now_p1: 1, q_num_last_p1: 2 });
    expect(back.questions[0]!.user_answer).toBe('13');
    // From question 1 there is no step back.
    expect((await student.callRaw(homeworkP1.backwardQuestionHtP1Divided, { htNum: HT, isDopPart: '0', tempUserAnswer: '' })).body).toEqual({ success: '0', message: T.cannotStepBack });
    expect((await send(1, '531')).body.success).toBe('1');
    const atTwo = await get();
    expect(atTwo.questions[0]).toMatchObject({ q_number: 2, user_answer: 'страта' });
    expect((await send(2, 'Стратификация')).body.success).toBe('1');
    // The match is shown with rows 1 and 2 swapped: displayed '2112' is the right '1212'... one wrong row.
    expect((await send(3, '2111')).body.success).toBe('1');

    const result = await get();
    expect(result.htStatusP1).toBe('Готово');
    expect(result.htInfo.user_ballov_p1).toBe(2 + 1 + 1);
    expect(result.questions.map((q) => [q.q_number, q.user_ball, q.real_ball, q.q_answer])).toEqual([
      [1, 2, 2, '135'],
      [2, 1, 1, 'стратификация'],
      [3, 1, 2, '2112'],
    ]);
    expect(result.questions[0]!.q_description).toBe('Пояснение 1');
    // Finished: no more answers.
    expect((await send(3, '2112')).body).toEqual({ success: '0', message: T.notSolving });
    // The lesson road sees the finished part.
    const card = await student.call(course.getLessonCard, { lessonNum: HT });
    expect(card.homeTasks[0]).toMatchObject({ ht_user_status_p1: 'Готово', ht_user_ballov_p1: 4 });
  });

  it('flags a question as difficult and back', async () => {
    const qId = questionIds[0]!;
    await student.call(homeworkP1.setAsDifficult, { qId, isDifficult: '1' });
    await student.call(homeworkP1.setAsDifficult, { qId, isDifficult: '1' });
    expect((await get()).questions[0]!.is_difficult).toBe('1');
    await student.call(homeworkP1.setAsDifficult, { qId, isDifficult: '0' });
    expect((await get()).questions[0]!.is_difficult).toBe('0');
    expect((await student.callRaw(homeworkP1.setAsDifficult, { qId: 999999, isDifficult: '1' })).body).toEqual({ success: '0', message: T.questionNotFound });
  });

  it('ends the part when the timer runs out, keeping the answers given', async () => {
    const egor = await server.signIn('egor');
    await get(egor);
    expect((await send(1, '135', egor)).body.success).toBe('1');
    // The real clock runs between the start and this read (a second or more on a busy machine).
    const left = (await egor.call(homeworkP1.getHomeTaskTimer, { htPart: 'p1', htNum: HT })).timer;
    expect(left).toBeLessThanOrEqual(30 * 60);
    expect(left).toBeGreaterThan(29 * 60);
    // 31 minutes pass (moved on the row: the signed-request clock check must stay happy).
    await setHomeworkProgress(server, 'egor', HT, { p1: { startedAt: clock.now() - 31 * 60_000 } });
    expect((await send(2, 'стратификация', egor)).body).toEqual({ success: '0', message: T.timeIsUp });
    const result = await get(egor);
    expect(result.htStatusP1).toBe('Готово');
    expect(result.htInfo.user_ballov_p1).toBe(2);
    expect((await egor.call(homeworkP1.getHomeTaskTimer, { htPart: 'p1', htNum: HT })).timer).toBeNull();
  });

  it('gives nothing for a wrong word on a two-point task (task 12), the full two for the right word', async () => {
    const WORD_HT = 4;
    await makeHomework(server, {
      num: WORD_HT,
      part1: [{ questionType: 'WORD', questionText: 'Запишите слово, пропущенное в таблице.', rightAnswers: ['республика'], qEgeNum: 12, qLessonNum: WORD_HT, isPublished: '1' }],
      p1Max: 2,
      rules: { p1TimeLimitMin: null, deadlineAt: null },
    });
    for (const [login, typed, points] of [['student', 'диктатура', 0], ['maxim', 'Республика', 2]] as const) {
      const client = await server.signIn(login);
      await client.call(homeworkP1.getHtP1Divided, { htNum: WORD_HT, isDopPart: '0' });
      expect((await client.callRaw(homeworkP1.sendHtP1Divided, { htNum: WORD_HT, isDopPart: '0', questionNum: 1, userAnswer: typed })).body.success).toBe('1');
      const result = await client.call(homeworkP1.getHtP1Divided, { htNum: WORD_HT, isDopPart: '0' });
      expect([login, result.htStatusP1, result.htInfo.user_ballov_p1, result.questions[0]?.user_ball, result.questions[0]?.real_ball]).toEqual([login, 'Готово', points, points, 2]);
    }
  });

  it('refuses a homework of a closed lesson, an unknown one, a part without questions and a start after the deadline', async () => {
    expect((await student.callRaw(homeworkP1.getHtP1Divided, { htNum: 8, isDopPart: '0' })).body).toEqual({ success: '0', message: T.closed });
    expect((await student.callRaw(homeworkP1.getHtP1Divided, { htNum: 999, isDopPart: '0' })).body).toEqual({ success: '0', message: T.notFound });
    expect((await student.callRaw(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '1' })).body).toEqual({ success: '0', message: T.noPart });
    const maxim = await server.signIn('maxim');
    await setHomeworkRules(server, HT, { deadlineAt: clock.now() - 1 });
    expect((await maxim.callRaw(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '0' })).body).toEqual({ success: '0', message: T.deadlinePassed });
  });
});
