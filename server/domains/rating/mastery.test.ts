import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatorHomework, rating, trainSigns } from '../../../src/shared/contract';
import { DEMO_COURSE } from '../../db/seed/demo-course-content';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const SIGN_TERMS = DEMO_COURSE.signTerms;
/** Every part 1 and part 2 question of the demo course (the learning model's cells added many). */
const ALL_QUESTIONS = DEMO_COURSE.questionsP1.length + DEMO_COURSE.questionsP2.length;

describe.each(testDialects)('chapter mastery and the mastery rating on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  // The signs trainer's terms weigh as one unit each (mastery.ts): 48 demo terms, 10 in the first chapter.
  const terms = SIGN_TERMS.length;
  const chapterTerms = (lessons: number[]) => SIGN_TERMS.filter((term) => lessons.includes(term.lesson));
  const trueSigns = (name: string) => SIGN_TERMS.find((term) => term.name === name)!.signs.map((sign) => (sign.right ? 1 : 0) as 0 | 1);

  it("counts the student's fully right answers per chapter", async () => {
    const socket = await (await server.signIn('student')).openLive();
    const { chaptersStatistics, solvedPercent } = await socket.request(rating.getChaptersStatistics, { userId: '' });
    expect(chaptersStatistics.map((chapter) => chapter.chapterName)).toEqual(['Человек и общество', 'Экономика', 'Социальные отношения', 'Политика', 'Право', 'Итоговая подготовка']);
    // Seeded: homework 1 (one of five wrong) + its additional part (2 right) + homework 2 (two of five wrong),
    // credit 1 (lessons 1–2, one mistake: two more distinct questions right), and homework 1 part 2
    // checked by the curator with two tasks at full marks.
    const chapterOne = { count: DEMO_COURSE.questionsP1.filter((item) => [1, 2].includes(item.question.qLessonNum)).length };
    expect(chaptersStatistics[0]).toMatchObject({ numQuestionsP1: Number(chapterOne.count), numSolvedQuestionsP1: 11, numQuestionsP2: 4, numSolvedQuestionsP2: 2, numSolvedTermins: 0, numSolvedPriznaki: 0 });
    const first = chapterTerms([1, 2]);
    expect(chaptersStatistics[0]).toMatchObject({ numTermins: first.length, numPriznaki: first.reduce((sum, term) => sum + trueSigns(term.name).filter(Boolean).length, 0) });
    expect(chaptersStatistics[0]!.chapterSolvedPercent).toBe(Math.floor((13 / (Number(chapterOne.count) + 4 + first.length)) * 100));
    expect(chaptersStatistics[1]).toMatchObject({ numSolvedQuestionsP1: 0, numSolvedQuestionsP2: 0, chapterSolvedPercent: 0 });
    // Every part 1 and part 2 question and the trainer's terms of the demo course.
    expect(solvedPercent).toBe(Math.floor((13 / (ALL_QUESTIONS + terms)) * 100));
    socket.close();
  });

  it('lets a curator read their student but not a student read another', async () => {
    const curator = await (await server.signIn('curator')).openLive();
    const { id } = await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    const read = await curator.request(rating.getChaptersStatistics, { userId: `id${id}` });
    expect(read.chaptersStatistics[0]!.numSolvedQuestionsP1).toBe(11);
    curator.close();
    const egor = await (await server.signIn('egor')).openLive();
    const refused = await egor.requestRaw(rating.getChaptersStatistics.path, { userId: `id${id}` });
    expect(refused.success).toBe('0');
    egor.close();
  });

  it('ranks students by the share solved, marks the caller and leaves staff out', async () => {
    const socket = await (await server.signIn('student')).openLive();
    const { usersStatistics } = await socket.request(rating.getTopUsersStatistics, {});
    expect(usersStatistics[0]).toMatchObject({ place: 1, userSurname: expect.any(String), solvedPercent: Math.floor((24 / (ALL_QUESTIONS + terms)) * 100) });
    const me = usersStatistics.find((user) => user.itsMe === '1')!;
    expect(me).toMatchObject({ place: 2, solvedPercent: Math.floor((13 / (ALL_QUESTIONS + terms)) * 100) });
    expect(usersStatistics.filter((user) => user.itsMe === '1')).toHaveLength(1);
    const places = usersStatistics.map((user) => user.place);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    const logins = await server.server.services.db.selectFrom('users').select(['name', 'surname']).where('user_type', 'in', ['Админ', 'Куратор']).execute();
    for (const staff of logins) expect(usersStatistics.some((user) => user.userSurname === staff.surname && user.userName === staff.name)).toBe(false);
    socket.close();
  });

  it('counts a part 2 task at full marks only once the curator has finished the check', async () => {
    const db = server.server.services.db;
    const egor = await db.selectFrom('users').select(['id', 'vk_id']).where('login', '=', 'egor').executeTakeFirstOrThrow();
    const egorKey = egor.vk_id ?? `id${egor.id}`;
    const curator = await server.signIn('curator');
    const socket = await curator.openLive();
    const solvedP2 = async () =>
      (await socket.request(rating.getChaptersStatistics, { userId: egorKey })).chaptersStatistics.reduce((sum, chapter) => sum + chapter.numSolvedQuestionsP2, 0);
    const before = await solvedP2();
    const full = { cur_comment: '', ballov: 3, add_comments: {} };
    // Homework 3: egor submitted two tasks of 3 points; a saved (unfinished) check does not count yet.
    await curator.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: 3, studentId: egorKey, jsonData: { '1': full, '2': { ...full, ballov: 2 } } });
    expect(await solvedP2()).toBe(before);
    await curator.call(curatorHomework.setResultP2, { action: 'endChecking', dzNum: 3, studentId: egorKey });
    expect(await solvedP2()).toBe(before + 1); // task 2 got 2 of 3
    socket.close();
  });

  it('counts terms and signs solved in the signs trainer, a term weighing as one question earned sign by sign', async () => {
    const client = await server.signIn('maxim');
    const socket = await client.openLive();
    const read = async () => (await socket.request(rating.getChaptersStatistics, { userId: '' })).chaptersStatistics[0]!;
    const base = await read();
    expect(base).toMatchObject({ numSolvedTermins: 0, numSolvedPriznaki: 0 });
    const questionsSolved = base.numSolvedQuestionsP1 + base.numSolvedQuestionsP2;
    const units = base.numQuestionsP1 + base.numQuestionsP2 + base.numTermins;

    // Only the first true sign ticked, no false one: that sign is recognised, the term not solved.
    const { termin: one } = await client.call(trainSigns.getSignsData, { action: 'START', type: 'Человек и общество' });
    const oneRight = trueSigns(one!.terminName);
    const firstTrue = oneRight.indexOf(1);
    await client.call(trainSigns.sendSignsAnswer, { terminName: one!.terminName, userAnswer: oneRight.map((_, index) => (index === firstTrue ? 1 : 0)) });
    const share = 1 / oneRight.filter(Boolean).length;
    expect(await read()).toMatchObject({ numSolvedTermins: 0, numSolvedPriznaki: 1, chapterSolvedPercent: Math.floor(((questionsSolved + share) / units) * 100) });

    // The next term fully right: solved, all its true signs count, it weighs a whole unit.
    const { termin: two } = await client.call(trainSigns.getSignsData, { action: 'NEXT', type: 'Человек и общество' });
    const twoRight = trueSigns(two!.terminName);
    await client.call(trainSigns.sendSignsAnswer, { terminName: two!.terminName, userAnswer: twoRight });
    const solved = await read();
    expect(solved).toMatchObject({ numSolvedTermins: 1, numSolvedPriznaki: 1 + twoRight.filter(Boolean).length });
    expect(solved.chapterSolvedPercent).toBe(Math.floor(((questionsSolved + share + 1) / units) * 100));

    // Ticking everything earns nothing.
    const { termin: three } = await client.call(trainSigns.getSignsData, { action: 'NEXT', type: 'Человек и общество' });
    await client.call(trainSigns.sendSignsAnswer, { terminName: three!.terminName, userAnswer: three!.questionAnsColumn1.map(() => 1 as const) });
    expect(await read()).toEqual(solved);

    const all = (await socket.request(rating.getChaptersStatistics, { userId: '' })).chaptersStatistics;
    const questionsTotal = all.reduce((sum, chapter) => sum + chapter.numSolvedQuestionsP1 + chapter.numSolvedQuestionsP2, 0);
    const { usersStatistics } = await socket.request(rating.getTopUsersStatistics, {});
    expect(usersStatistics.find((user) => user.itsMe === '1')!.solvedPercent).toBe(Math.floor(((questionsTotal + share + 1) / (97 + terms)) * 100));
    socket.close();
  });
});
