import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { homeworkP1, trainP1 } from '../../../src/shared/contract';
import { TRAIN_P1_TEXTS as T, type TrainP1Set } from '../../../src/shared/contract/train-p1';
import { answerToDisplayed, pointsOfTask } from '../../../src/shared/domain/questions';
import type { TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { examPrimaryScores, questionJsonOf } from '../../questions/question-bank';

const byNumber = (x: number, y: number) => x - y;

describe.each(testDialects)('training part 1 on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const answers = async (questionId: number, ansLength: number) => {
    const row = await db().selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    const question = questionJsonOf(row);
    const wrong = question.questionType === 'WORD' ? 'ошибка' : ansLength > 0 ? '9'.repeat(ansLength) : '9';
    return { right: answerToDisplayed(question, question.rightAnswers[0]!), wrong, egeNum: row.ege_num };
  };
  /** Lessons open to a paying student now (the seed opens lessons 1–6 in the past). */
  const openLessons = async () => {
    const rows = await db().selectFrom('lessons').select(['number', 'opens_at']).execute();
    return new Set(rows.filter((row) => row.opens_at === null || row.opens_at <= Date.now()).map((row) => row.number));
  };
  /** Answers every question of the running set: index in `wrongAt` wrong, others right. */
  const solve = async (client: TestClient, set: TrainP1Set, wrongAt: number[]) => {
    const given: Array<{ qId: number; right: boolean; egeNum: number }> = [];
    for (const [index, item] of set.questions.entries()) {
      const { right, wrong, egeNum } = await answers(item.q_id, item.ans_length);
      const isWrong = wrongAt.includes(index);
      const last = index === set.questions.length - 1;
      const reply = await client.callRaw(trainP1.setAnswerSet, { qId: item.q_id, userAnswer: isWrong ? wrong : right, finishTest: last ? '1' : '0' });
      expect(reply.body.success).toBe('1');
      given.push({ qId: item.q_id, right: !isWrong, egeNum });
    }
    return given;
  };

  it('starts with empty stats and offers only sets of open lessons', async () => {
    const student = await server.signIn('student');
    const info = await student.call(trainP1.getTrainP1Info, {});
    const open = await openLessons();
    const published = await db().selectFrom('questions_p1').select(['lesson_num']).where('is_published', '=', 1).execute();
    expect(info).toMatchObject({ status: 'Выбор', testInfo: null, questions: [] });
    expect(info.stats).toEqual({ num_questions: published.filter((row) => open.has(row.lesson_num)).length, num_solved_questions: 0, num_mistakes_questions: 0, rating_thismonth: '0.0' });
    expect(info.stats.num_questions).toBeGreaterThan(20);

    const sets = await student.call(trainP1.availableQuestionsSet, {});
    expect(sets.lessonNums.length).toBeGreaterThan(0);
    expect(sets.lessonNums.every((lesson) => open.has(lesson))).toBe(true);
    expect(sets.chapters).toContain('Экономика');
    expect(sets.chapters).not.toContain('Право');
    expect(sets.zachetNums).toEqual([1, 2, 3]);
    expect(sets.egeNums.every((n) => n >= 1 && n <= 25)).toBe(true);

    // A demo user may open only the demo lessons 1 and 2.
    const demo = await (await server.signIn('demo')).call(trainP1.availableQuestionsSet, {});
    expect(demo.lessonNums).toEqual([1, 2]);
    expect(demo.zachetNums).toEqual([1]);
  });

  it('refuses unknown types, bad counts and answers without a running training', async () => {
    const student = await server.signIn('student');
    for (const testingType of ['whatever', 'chapter:', 'lessonNum:abc', 'random:1', 'egeNum']) {
      expect((await student.callRaw(trainP1.getQuestionsSet, { testingType, includeSelfmade: '0', qNums: 5 })).body).toEqual({ success: '0', message: 'Неизвестный тип' });
    }
    expect((await student.callRaw(trainP1.getQuestionsSet, { testingType: 'random', includeSelfmade: '0', qNums: 3 })).body.success).toBe('0');
    expect((await student.callRaw(trainP1.setAnswerSet, { qId: 1, userAnswer: '1', finishTest: '0' })).body).toEqual({ success: '0', message: T.notRunning });
    expect((await student.callRaw(trainP1.goToChoiseSet, {})).body).toEqual({ success: '0', message: T.notRunning });
    // Nothing to train on in a closed lesson: the empty state, no training started.
    const closed = await student.call(trainP1.getQuestionsSet, { testingType: 'lessonNum:8', includeSelfmade: '1', qNums: 10 });
    expect(closed).toEqual({ status: 'Отсутствуют', testInfo: { testingType: 'lessonNum:8', includeSelfmade: '1', include90Plus: '0', qNums: 10 }, questions: [] });
    expect((await student.call(trainP1.getTrainP1Info, {})).status).toBe('Выбор');
  });

  it('runs a chapter training: hidden answers, resume on a second device, ledger rows per answer, result', async () => {
    const student = await server.signIn('student');
    const set = await student.call(trainP1.getQuestionsSet, { testingType: 'chapter:Экономика', includeSelfmade: '1', qNums: 5 });
    expect(set.status).toBe('Выполняется');
    expect(set.testInfo).toEqual({ testingType: 'chapter:Экономика', includeSelfmade: '1', include90Plus: '0', qNums: 5 });
    expect(set.questions).toHaveLength(5);
    expect(new Set(set.questions.map((q) => q.q_id)).size).toBe(5);
    expect(set.questions.every((q) => q.q_chapter === 'Экономика' && q.q_answer === '' && q.qJson.rightAnswers === undefined && q.qRating === '0.0' && q.ratingChange === null)).toBe(true);

    // Validation of the answer and of the question order.
    const first = set.questions[0]!;
    expect((await student.callRaw(trainP1.setAnswerSet, { qId: first.q_id, userAnswer: '  ', finishTest: '0' })).body).toEqual({ success: '0', message: T.emptyAnswer });
    expect((await student.callRaw(trainP1.setAnswerSet, { qId: set.questions[1]!.q_id, userAnswer: '1', finishTest: '0' })).body).toEqual({ success: '0', message: T.wrongQuestion });

    // A second device resumes the same training, whatever it asks for.
    const other = await server.signIn('student');
    const resumed = await other.call(trainP1.getQuestionsSet, { testingType: 'random', includeSelfmade: '0', qNums: 20 });
    expect(resumed.questions.map((q) => q.q_id)).toEqual(set.questions.map((q) => q.q_id));
    expect((await other.call(trainP1.getTrainP1Info, {})).status).toBe('Выполняется');

    const given = await solve(student, set, [1, 3]);
    const result = await other.call(trainP1.getTrainP1Info, {});
    expect(result.status).toBe('Результат');
    const scores = await examPrimaryScores(db());
    const expected = given.map((item) => (item.right ? 5 * pointsOfTask(scores, item.egeNum) : -5));
    const asText = (tenths: number) => `${tenths < 0 ? '-' : ''}${Math.floor(Math.abs(tenths) / 10)}.${Math.abs(tenths) % 10}`;
    expect(result.questions.map((q) => q.ratingChange)).toEqual(expected.map(asText));
    expect(result.questions.map((q) => q.qRating)).toEqual(expected.map(asText));
    expect(result.questions.every((q) => q.q_answer !== '' && q.qJson.rightAnswers !== undefined && q.user_ball !== null)).toBe(true);
    expect(result.questions[1]!.user_ball).toBe(0);

    const ledger = await db().selectFrom('rating_changes').select(['tenths', 'comment']).where('user_id', '=', await userId('student')).where('source_kind', '=', 'train_p1').orderBy('source_id').execute();
    expect(ledger.map((row) => row.tenths)).toEqual(expected);
    expect(ledger[0]!.comment).toBe('Тренировка 1 части: верный ответ');
    expect(ledger[1]).toEqual({ tenths: -5, comment: 'Тренировка 1 части: неверный ответ' });

    expect(result.stats).toMatchObject({ num_solved_questions: 3, num_mistakes_questions: 2, rating_thismonth: asText(expected.reduce((a, b) => a + b, 0)) });
    // Finished: no more answers; back to choice closes the result.
    expect((await student.callRaw(trainP1.setAnswerSet, { qId: first.q_id, userAnswer: '1', finishTest: '1' })).body).toEqual({ success: '0', message: T.notRunning });
    expect((await student.callRaw(trainP1.goToChoiseSet, {})).body.success).toBe('1');
    expect((await student.call(trainP1.getTrainP1Info, {})).status).toBe('Выбор');
  });

  it('draws error work, not trained and most difficult from the history, and shows qRating so far', async () => {
    const student = await server.signIn('student');
    const trained = await db().selectFrom('train_p1_questions').select(['question_id', 'points', 'max_points']).where('user_id', '=', await userId('student')).execute();
    const wrongIds = trained.filter((row) => (row.points ?? 0) < row.max_points).map((row) => row.question_id);

    const errors = await student.call(trainP1.getQuestionsSet, { testingType: 'oshibki', includeSelfmade: '1', qNums: 20 });
    expect(errors.questions.map((q) => q.q_id).sort(byNumber)).toEqual([...wrongIds].sort(byNumber));
    expect(errors.questions.every((q) => q.qRating === '-0.5')).toBe(true);
    // Answering one of them right takes it out of error work.
    const fixed = errors.questions[0]!;
    const { right } = await answers(fixed.q_id, fixed.ans_length);
    expect((await student.callRaw(trainP1.setAnswerSet, { qId: fixed.q_id, userAnswer: right, finishTest: '1' })).body.success).toBe('1');
    const info = await student.call(trainP1.getTrainP1Info, {});
    expect(info.status).toBe('Результат');
    expect(info.questions).toHaveLength(2);
    expect(info.questions[1]!.ratingChange).toBeNull();
    expect(info.stats.num_mistakes_questions).toBe(1);

    const again = await student.call(trainP1.getQuestionsSet, { testingType: 'oshibki', includeSelfmade: '1', qNums: 20 });
    expect(again.questions.map((q) => q.q_id)).toEqual(wrongIds.filter((id) => id !== fixed.q_id));
    // Abandoning keeps the answers given and returns to choice.
    expect((await student.callRaw(trainP1.goToChoiseSet, {})).body.success).toBe('1');

    const fresh = await student.call(trainP1.getQuestionsSet, { testingType: 'notTrained', includeSelfmade: '1', qNums: 20 });
    const answeredIds = new Set(trained.map((row) => row.question_id));
    expect(fresh.questions.length).toBe(20);
    expect(fresh.questions.some((q) => answeredIds.has(q.q_id))).toBe(false);
    await student.call(trainP1.goToChoiseSet, {});

    const [a, b] = fresh.questions;
    await student.call(homeworkP1.setAsDifficult, { qId: a!.q_id, isDifficult: '1' });
    await student.call(homeworkP1.setAsDifficult, { qId: b!.q_id, isDifficult: '1' });
    const hard = await student.call(trainP1.getQuestionsSet, { testingType: 'mostDifficult', includeSelfmade: '1', qNums: 10 });
    expect(hard.questions.map((q) => q.q_id).sort(byNumber)).toEqual([a!.q_id, b!.q_id].sort(byNumber));
    expect(hard.questions.every((q) => q.is_difficult === '1')).toBe(true);
    await student.call(trainP1.goToChoiseSet, {});
  });

  it('selects lesson, exam number, credit, random and exam-like pools, never from closed lessons', async () => {
    const client = await server.signIn('egor');
    const open = await openLessons();
    const run = async (testingType: string, qNums = 20, includeSelfmade: '0' | '1' = '1') => {
      const set = await client.call(trainP1.getQuestionsSet, { testingType, includeSelfmade, qNums });
      if (set.status === 'Выполняется') await client.call(trainP1.goToChoiseSet, {});
      return set;
    };
    const lesson = await run('lessonNum:3');
    expect(lesson.questions.length).toBeGreaterThan(0);
    expect(lesson.questions.every((q) => q.qJson.qLessonNum === 3)).toBe(true);
    const ege = await run('egeNum:2');
    expect(ege.questions.length).toBeGreaterThan(1);
    expect(ege.questions.every((q) => q.q_task_number === 2 && open.has(q.qJson.qLessonNum))).toBe(true);
    const credit = await run('zachetNum:2');
    expect(credit.questions.length).toBeGreaterThan(0);
    expect(credit.questions.every((q) => [3, 4].includes(q.qJson.qLessonNum))).toBe(true);
    const random = await run('random', 20, '0');
    expect(random.questions).toHaveLength(20);
    expect(random.questions.every((q) => open.has(q.qJson.qLessonNum))).toBe(true);
    const selfmade = await db().selectFrom('questions_p1').select('id').where('is_selfmade', '=', 1).execute();
    expect(random.questions.some((q) => selfmade.some((row) => row.id === q.q_id))).toBe(false);
    const exam = await run('asEge', 1);
    const tasks = exam.questions.map((q) => q.q_task_number);
    expect(tasks.length).toBeGreaterThan(3);
    expect(tasks).toEqual([...new Set(tasks)].sort((x, y) => x - y));
    expect(tasks.every((n) => n >= 1 && n <= 16)).toBe(true);
    expect((await run('zachetNum:4')).status).toBe('Отсутствуют');
    expect((await run('chapter:Право')).status).toBe('Отсутствуют');

    // An inactive user may open no lesson: nothing to train on.
    const inactive = await server.signIn('inactive');
    const none = await inactive.callRaw(trainP1.getQuestionsSet, { testingType: 'random', includeSelfmade: '1', qNums: 5 });
    if (none.body.success === '1') expect((none.body as unknown as TrainP1Set).status).toBe('Отсутствуют');
  });

  it('leaves 90+ questions out unless asked, and keeps the choice while resuming and in the result', async () => {
    const client = await server.signIn('sofia');
    const plus90 = await db().selectFrom('questions_p1').select(['id', 'lesson_num', 'ege_num']).where('is_90plus', '=', 1).where('is_published', '=', 1).execute();
    const inLesson1 = plus90.filter((row) => row.lesson_num === 1).map((row) => row.id);
    expect(plus90.length).toBeGreaterThanOrEqual(6);
    expect(inLesson1.length).toBeGreaterThan(0);
    // The whole lesson must fit one draw of 20 for the set to be known: its 90+ questions and the
    // first others up to 20 stay published for this test, the rest are parked and put back after.
    const published = await db().selectFrom('questions_p1').select(['id', 'is_90plus']).where('lesson_num', '=', 1).where('is_published', '=', 1).where('is_selfmade', '=', 0).orderBy('id').execute();
    const lesson1 = [...published.filter((row) => row.is_90plus === 1), ...published.filter((row) => row.is_90plus !== 1)].slice(0, 20);
    const parked = published.filter((row) => !lesson1.includes(row)).map((row) => row.id);
    if (parked.length > 0) {
      await db().updateTable('questions_p1').set({ is_published: 0 }).where('id', 'in', parked).execute();
      onTestFinished(async () => {
        await db().updateTable('questions_p1').set({ is_published: 1 }).where('id', 'in', parked).execute();
      });
    }
    const ids = (set: TrainP1Set) => set.questions.map((q) => q.q_id).sort(byNumber);

    // Without 90+ (the default): the whole lesson but its 90+ questions, whatever the type.
    const without = await client.call(trainP1.getQuestionsSet, { testingType: 'lessonNum:1', qNums: 20 });
    expect(without.testInfo).toEqual({ testingType: 'lessonNum:1', includeSelfmade: '0', include90Plus: '0', qNums: 20 });
    expect(ids(without)).toEqual(lesson1.map((row) => row.id).filter((id) => !inLesson1.includes(id)).sort(byNumber));
    await client.call(trainP1.goToChoiseSet, {});
    for (const testingType of ['random', 'egeNum:3', 'chapter:Человек и общество', 'zachetNum:1', 'asEge']) {
      const set = await client.call(trainP1.getQuestionsSet, { testingType, includeSelfmade: '1', include90Plus: '0', qNums: 20 });
      expect(set.questions.length).toBeGreaterThan(0);
      expect(set.questions.some((q) => plus90.some((row) => row.id === q.q_id))).toBe(false);
      await client.call(trainP1.goToChoiseSet, {});
    }

    // With 90+: they are drawn too, and the flag stays with the training on every device.
    const withHard = await client.call(trainP1.getQuestionsSet, { testingType: 'lessonNum:1', includeSelfmade: '0', include90Plus: '1', qNums: 20 });
    expect(withHard.testInfo).toEqual({ testingType: 'lessonNum:1', includeSelfmade: '0', include90Plus: '1', qNums: 20 });
    expect(ids(withHard)).toEqual(lesson1.map((row) => row.id).sort(byNumber));
    const other = await server.signIn('sofia');
    const resumed = await other.call(trainP1.getQuestionsSet, { testingType: 'random', include90Plus: '0', qNums: 5 });
    expect(resumed.testInfo).toEqual(withHard.testInfo);
    expect(resumed.questions.map((q) => q.q_id)).toEqual(withHard.questions.map((q) => q.q_id));
    expect((await other.call(trainP1.getTrainP1Info, {})).testInfo?.include90Plus).toBe('1');
    await solve(client, withHard, []);
    const result = await other.call(trainP1.getTrainP1Info, {});
    expect(result.status).toBe('Результат');
    expect(result.testInfo?.include90Plus).toBe('1');
    // Students never see the marker itself.
    expect(result.questions.every((q) => !('is90Plus' in q.qJson))).toBe(true);
    const session = await db().selectFrom('train_p1_sessions').select('include_90plus').where('user_id', '=', await userId('sofia')).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(session.include_90plus).toBe(1);
    await client.call(trainP1.goToChoiseSet, {});

    // The flag takes only '0' or '1'.
    expect((await client.callRaw(trainP1.getQuestionsSet, { testingType: 'random', include90Plus: 'yes', qNums: 5 })).body.success).toBe('0');
  });

  it('gives nothing for a wrong word on a two-point task, and one point of two for one slip in a set', async () => {
    const client = await server.signIn('varvara');
    const scores = await examPrimaryScores(db());
    expect(pointsOfTask(scores, 12)).toBe(2);
    const set = await client.call(trainP1.getQuestionsSet, { testingType: 'egeNum:12', includeSelfmade: '1', include90Plus: '1', qNums: 20 });
    const kinds = await Promise.all(set.questions.map(async (q) => (await db().selectFrom('questions_p1').select('question_type').where('id', '=', q.q_id).executeTakeFirstOrThrow()).question_type));
    const word = kinds.indexOf('WORD');
    const digits = kinds.indexOf('VARIANTS');
    expect(word).toBeGreaterThanOrEqual(0);
    expect(digits).toBeGreaterThanOrEqual(0);
    for (const [index, item] of set.questions.entries()) {
      const { right } = await answers(item.q_id, item.ans_length);
      // The word: «диктатура» for «республика»; the set: its last right digit left out.
      const typed = index === word ? 'диктатура' : index === digits ? right.slice(0, -1) : right;
      const reply = await client.callRaw(trainP1.setAnswerSet, { qId: item.q_id, userAnswer: typed, finishTest: index === set.questions.length - 1 ? '1' : '0' });
      expect(reply.body.success).toBe('1');
    }
    const result = await client.call(trainP1.getTrainP1Info, {});
    expect(result.questions[word]).toMatchObject({ user_ball: 0, real_ball: 2, ratingChange: '-0.5' });
    expect(result.questions[digits]).toMatchObject({ user_ball: 1, real_ball: 2, ratingChange: '0.5' });
    const ledger = await db().selectFrom('rating_changes').select(['source_id', 'comment']).where('user_id', '=', await userId('varvara')).where('source_kind', '=', 'train_p1').execute();
    const commentOf = (index: number) => ledger.find((row) => row.source_id.endsWith(`:${index + 1}`))?.comment;
    expect(commentOf(word)).toBe('Тренировка 1 части: неверный ответ');
    expect(commentOf(digits)).toBe('Тренировка 1 части: ответ с одной ошибкой');
  });

  it('scores a word answer as the web input reads it: spaces, hyphens, ё and case do not matter (issue 40)', async () => {
    const client = await server.signIn('varvara');
    await client.call(trainP1.goToChoiseSet, {});
    const set = await client.call(trainP1.getQuestionsSet, { testingType: 'egeNum:12', includeSelfmade: '1', include90Plus: '1', qNums: 20 });
    const rows = await Promise.all(set.questions.map((q) => db().selectFrom('questions_p1').selectAll().where('id', '=', q.q_id).executeTakeFirstOrThrow()));
    const word = rows.findIndex((row) => row.question_type === 'WORD');
    expect(word).toBeGreaterThanOrEqual(0);
    // The key as the web input would have stored it: the letters only.
    const body = JSON.parse(rows[word]!.q_json) as Record<string, unknown>;
    await db().updateTable('questions_p1').set({ q_json: JSON.stringify({ ...body, rightAnswers: ['рыночнаяэкономика'] }) }).where('id', '=', rows[word]!.id).execute();
    for (const [index, item] of set.questions.entries()) {
      const typed = index === word ? 'Рыночная - экономика' : (await answers(item.q_id, item.ans_length)).right;
      const reply = await client.callRaw(trainP1.setAnswerSet, { qId: item.q_id, userAnswer: typed, finishTest: index === set.questions.length - 1 ? '1' : '0' });
      expect(reply.body.success).toBe('1');
    }
    const result = await client.call(trainP1.getTrainP1Info, {});
    expect(result.questions[word]).toMatchObject({ user_ball: 2, real_ball: 2 });
  });
});
