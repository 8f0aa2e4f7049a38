import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { homeworkP2, trainP2 } from '../../../src/shared/contract';
import { CHECKS_LIKE_CURATOR_PER_DAY, CHECK_ASSIGNMENT_TIMEOUT_MS, TRAIN_P2_TEXTS as T, type Part2Question } from '../../../src/shared/contract/train-p2';
import type { TestClient } from '../../../tests/helpers/client';
import { makeStudentLike } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { startChatModelStandIn, type ChatModelStandIn } from '../../../tests/stand-ins/chat-model';
import { chapterStatistics } from '../rating/mastery';

const refused = (message: string) => ({ success: '0', message });

/** Answers by many students and many checkers: the fixture users beyond the demo seed. */
async function addStudents(server: TestServer, prefix: string, count: number): Promise<string[]> {
  const logins: string[] = [];
  for (let index = 1; index <= count; index += 1) logins.push((await makeStudentLike(server, 'egor', { login: `${prefix}${index}`, surname: `Ученик${index}` })).login);
  return logins;
}

describe.each(testDialects)('training part 2 on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  const clients = new Map<string, TestClient>();
  const as = async (login: string) => {
    if (!clients.has(login)) clients.set(login, await server.signIn(login));
    return clients.get(login)!;
  };
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const solvedP2 = async (login: string) => {
    const id = await userId(login);
    return (await chapterStatistics(db(), { id, type: 'Ученик' }, Date.now())).chaptersStatistics.reduce((sum, chapter) => sum + chapter.numSolvedQuestionsP2, 0);
  };
  /** Draws a question in a mode and, for classmates, sends an answer to it. */
  const answerForClassmates = async (login: string, text: string, questionType = 'random'): Promise<Part2Question> => {
    const client = await as(login);
    const { questionData } = await client.call(trainP2.getQuestion2, { askType: 'checkByClassmates', questionType, include90Plus: '1', firstlyUnresolved: '0' });
    expect(questionData).not.toBeNull();
    expect(questionData!.explanation).toBe('');
    await client.call(trainP2.sendQuestion2, { askType: 'checkByClassmates', questionId: questionData!.q2Id, userAnswer: text });
    return questionData!;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('offers the sets of open lessons; no AI without a model; five checks like a curator a day', async () => {
    const student = await as('student');
    const sets = await student.call(trainP2.availableQuestions2, {});
    expect(sets.chapters.length).toBeGreaterThan(0);
    expect(sets.egeNums.every((n) => n >= 17 && n <= 25)).toBe(true);
    const closed = await db().selectFrom('lessons').select('number').where('opens_at', '>', Date.now()).execute();
    const closedChapters = await db().selectFrom('questions_p2').select('chapter').where('lesson_num', 'in', closed.length ? closed.map((row) => row.number) : [-1]).execute();
    const openChapters = await db().selectFrom('questions_p2').select('chapter').where('lesson_num', 'not in', closed.length ? closed.map((row) => row.number) : [-1]).execute();
    for (const row of closedChapters) if (!openChapters.some((open) => open.chapter === row.chapter)) expect(sets.chapters).not.toContain(row.chapter);
    expect(sets).toMatchObject({ chaptersAI: [], egeNumsAI: [], additionInfo: { availableChecksAnother: 0, availableChecksLikeCur: CHECKS_LIKE_CURATOR_PER_DAY, aiConfigured: '0', peerModes: '1' } });
  });

  it('self-check: the answer and the own score are stored together; it never counts as solved', async () => {
    const student = await as('student');
    const { questionData } = await student.call(trainP2.getQuestion2, { askType: 'selfCheck', questionType: 'random', include90Plus: '1', firstlyUnresolved: '0' });
    const question = questionData!;
    expect(question.explanation).not.toBe('');
    expect(question.userAnswer).toBe('');
    const before = await solvedP2('student');
    const send = (data: Record<string, unknown>) => student.callRaw(trainP2.checkQuestion2, { askType: 'selfCheck', checkData: { questionId: question.q2Id, checkBall: 1, checkComment: 'Всё по критериям', userAnswer: 'Мой ответ', ...data } });
    expect((await send({ userAnswer: '   ' })).body).toEqual(refused(T.emptyAnswer));
    expect((await send({ checkBall: question.maxBall + 1 })).body).toEqual(refused(T.overMax.replace('{max}', String(question.maxBall))));
    expect((await send({ checkBall: -1 })).body.message).toContain('Нельзя поставить меньше 0 баллов');
    expect((await send({ checkComment: ' ' })).body.message).toContain('Вы не написали комментарий');
    expect((await send({ questionId: 999_999 })).body).toEqual(refused(T.unknownQuestion));
    expect((await send({ checkBall: question.maxBall })).body.success).toBe('1');
    const rows = await db().selectFrom('train_p2_answers').selectAll().where('user_id', '=', await userId('student')).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mode: 'selfCheck', status: 'checked', user_answer: 'Мой ответ', points: question.maxBall, check_comment: 'Всё по критериям' });
    expect(await solvedP2('student')).toBe(before);
  });

  it('refuses unknown question types and the closed lessons', async () => {
    const student = await as('student');
    expect((await student.callRaw(trainP2.getQuestion2, { askType: 'selfCheck', questionType: 'lessonNum:1', include90Plus: '1' })).body).toEqual(refused(T.unknownType));
    expect((await student.callRaw(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'chapter:' })).body).toEqual(refused(T.unknownType));
    const closed = await db().selectFrom('questions_p2').innerJoin('lessons', 'lessons.number', 'questions_p2.lesson_num').select('questions_p2.id').where('lessons.opens_at', '>', Date.now()).executeTakeFirst();
    if (closed) expect((await student.callRaw(trainP2.sendQuestion2, { askType: 'checkByClassmates', questionId: closed.id, userAnswer: 'x' })).body).toEqual(refused(T.unknownQuestion));
    const nothing = await student.call(trainP2.getQuestion2, { askType: 'selfCheck', questionType: 'chapter:Нет такого раздела', include90Plus: '1' });
    expect(nothing.questionData).toBeNull();
    // 'Most difficult' reads the student's own list (set_as_difficult2 accepts a training question).
    expect((await student.call(trainP2.getQuestion2, { askType: 'selfCheck', questionType: 'mostDifficult', include90Plus: '1' })).questionData).toBeNull();
    const any = (await student.call(trainP2.getQuestion2, { askType: 'selfCheck', questionType: 'random', include90Plus: '1' })).questionData!;
    await student.call(homeworkP2.setAsDifficult2, { qId: any.q2Id, isDifficult: '1' });
    const difficult = (await student.call(trainP2.getQuestion2, { askType: 'selfCheck', questionType: 'mostDifficult', include90Plus: '1' })).questionData!;
    expect(difficult).toMatchObject({ q2Id: any.q2Id, isDifficult: '1' });
    await student.call(homeworkP2.setAsDifficult2, { qId: any.q2Id, isDifficult: '0' });
    // 90+ questions only when asked for.
    await db().updateTable('questions_p2').set({ is_90plus: 1 }).where('task_number', '=', difficult.q2TaskNumber).execute();
    const plain = await student.call(trainP2.getQuestion2, { askType: 'selfCheck', questionType: `egeNum:${difficult.q2TaskNumber}`, include90Plus: '0' });
    expect(plain.questionData).toBeNull();
    await db().updateTable('questions_p2').set({ is_90plus: 0 }).execute();
  });

  it('classmates: never your own answer, one checker at a time, a refusal returns it to the pool for others', async () => {
    // Task 20 of lesson 3: no curator has scored Alisa on it, so a classmate's full marks are new.
    const question = await answerForClassmates('student', 'Ответ Алисы одноклассникам', 'egeNum:20');
    const student = await as('student');
    expect((await student.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData).toBeNull();
    expect((await (await as('egor')).call(trainP2.availableQuestions2, {})).additionInfo.availableChecksAnother).toBe(1);

    const egor = await as('egor');
    const first = (await egor.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData!;
    expect(first).toMatchObject({ q2Id: question.q2Id, userAnswer: 'Ответ Алисы одноклассникам', isOldCheck: '0' });
    expect(first.criteria).toBe((await db().selectFrom('questions_p2').select('criteria').where('id', '=', question.q2Id).executeTakeFirstOrThrow()).criteria);
    expect(first.studentId).toMatch(/^c\d+$/);
    // Nothing names the author.
    expect(JSON.stringify(first)).not.toContain(String(await userId('student')) + '"');
    // The open check is still on offer to Egor, so the count says 1 (and 0 to Sofia: it is taken).
    expect((await egor.call(trainP2.availableQuestions2, {})).additionInfo.availableChecksAnother).toBe(1);
    const again = (await egor.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData!;
    expect(again).toMatchObject({ studentId: first.studentId, isOldCheck: '1' });
    const sofia = await as('sofia');
    expect((await sofia.call(trainP2.availableQuestions2, {})).additionInfo.availableChecksAnother).toBe(0);
    expect((await sofia.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData).toBeNull();
    // The author's table: being checked; nobody else reads the answer.
    expect((await student.call(trainP2.checkTables, { tableType: 'checkedByStudents' })).table[0]).toMatchObject({ checkStatus: 'checking', checkDate: '' });
    const answerId = Number(first.studentId.slice(1));
    expect((await sofia.callRaw(trainP2.resultCheckQuestion2, { askType: 'checkedByStudents', checkId: answerId })).body).toEqual(refused(T.checkNotFound));
    expect((await sofia.callRaw(trainP2.resultCheckQuestion2, { askType: 'checkedByMe', checkId: answerId })).body).toEqual(refused(T.checkNotFound));
    // Someone else's assignment cannot be checked or refused.
    expect((await sofia.callRaw(trainP2.checkQuestion2, { askType: 'checkAnother', checkData: { questionId: question.q2Id, checkBall: 1, checkComment: 'x', checkVkId: first.studentId } })).body).toEqual(refused(T.notAssigned));
    expect((await sofia.callRaw(trainP2.cancelCheckQuestion2, { q2Id: question.q2Id, studentId: first.studentId })).body).toEqual(refused(T.checkNotFound));

    // Egor refuses: it is Sofia's now, and never Egor's again.
    await egor.call(trainP2.cancelCheckQuestion2, { q2Id: question.q2Id, studentId: first.studentId });
    expect((await egor.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData).toBeNull();
    const toSofia = (await sofia.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData!;
    expect(toSofia.studentId).toBe(first.studentId);
    const check = (data: Record<string, unknown>) => sofia.callRaw(trainP2.checkQuestion2, { askType: 'checkAnother', checkData: { questionId: question.q2Id, checkBall: question.maxBall, checkComment: 'Все элементы раскрыты', checkVkId: first.studentId, ...data } });
    expect((await check({ checkBall: question.maxBall + 1 })).body).toEqual(refused(T.overMax.replace('{max}', String(question.maxBall))));
    expect((await check({ checkVkId: 'zzz' })).body).toEqual(refused(T.notAssigned));
    const before = await solvedP2('student');
    expect((await check({})).body.success).toBe('1');
    // Checked once: a second check is refused.
    expect((await check({})).body).toEqual(refused(T.notAssigned));

    const mine = (await student.call(trainP2.checkTables, { tableType: 'checkedByStudents' })).table[0]!;
    expect(mine).toMatchObject({ id: answerId, checkStatus: 'checked', checkBallov: question.maxBall, checkerName: 'Павлова София' });
    expect(mine.checkDate).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(mine.checkerId).not.toBe('');
    const details = (await student.call(trainP2.resultCheckQuestion2, { askType: 'checkedByStudents', checkId: answerId })).questionData;
    expect(details).toMatchObject({ q2Id: question.q2Id, checkBallov: question.maxBall, maxBall: question.maxBall, userAnswer: 'Ответ Алисы одноклассникам', checkText: 'Все элементы раскрыты', checkStatus: 'checked' });
    const byMe = (await sofia.call(trainP2.checkTables, { tableType: 'checkedByMe' })).table;
    expect(byMe.map((row) => row.id)).toEqual([answerId]);
    expect((await sofia.call(trainP2.resultCheckQuestion2, { askType: 'checkedByMe', checkId: answerId })).questionData.checkText).toBe('Все элементы раскрыты');
    expect((await egor.call(trainP2.checkTables, { tableType: 'checkedByMe' })).table).toEqual([]);
    // Full marks from a classmate count for the course mastery.
    expect(await solvedP2('student')).toBe(before + 1);
  });

  it('classmates: a lapsed check goes to the next checker and the late one is told', async () => {
    const question = await answerForClassmates('maxim', 'Ответ Максима');
    const varvara = await as('varvara');
    const timofey = await as('timofey');
    const first = (await varvara.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData!;
    expect(first.userAnswer).toBe('Ответ Максима');
    expect((await timofey.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData).toBeNull();
    await db().updateTable('train_p2_answers').set({ assigned_at: Date.now() - CHECK_ASSIGNMENT_TIMEOUT_MS - 1000 }).where('id', '=', Number(first.studentId.slice(1))).execute();
    expect((await (await as('maxim')).call(trainP2.checkTables, { tableType: 'checkedByStudents' })).table[0]!.checkStatus).toBe('assigning');
    const second = (await timofey.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData!;
    expect(second.studentId).toBe(first.studentId);
    const late = await varvara.callRaw(trainP2.checkQuestion2, { askType: 'checkAnother', checkData: { questionId: question.q2Id, checkBall: 0, checkComment: 'Поздно', checkVkId: first.studentId } });
    expect(late.body).toEqual(refused(T.checkExpired));
    expect((await varvara.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })).questionData).toBeNull();
    await timofey.call(trainP2.checkQuestion2, { askType: 'checkAnother', checkData: { questionId: question.q2Id, checkBall: 1, checkComment: 'Частично', checkVkId: first.studentId } });
  });

  it('classmates and AI are refused to Demo and Пакетник, and AI without a model', async () => {
    for (const login of ['demo', 'package']) {
      const client = await as(login);
      expect((await client.call(trainP2.availableQuestions2, {})).additionInfo).toMatchObject({ peerModes: '0', availableChecksAnother: 0 });
      expect((await client.callRaw(trainP2.getQuestion2, { askType: 'checkByClassmates', questionType: 'random' })).body).toEqual(refused(T.noPeerModes));
      expect((await client.callRaw(trainP2.getQuestion2, { askType: 'checkByAI', questionType: 'random' })).body).toEqual(refused(T.noPeerModes));
      expect((await client.callRaw(trainP2.sendQuestion2, { askType: 'checkByClassmates', questionId: 1, userAnswer: 'x' })).body).toEqual(refused(T.noPeerModes));
      expect((await client.callRaw(trainP2.getCheckQuestion2, { askType: 'checkAnother' })).body).toEqual(refused(T.noPeerModes));
    }
    const student = await as('student');
    expect((await student.callRaw(trainP2.getQuestion2, { askType: 'checkByAI', questionType: 'random' })).body).toEqual(refused(T.aiNotConfigured));
    expect((await student.callRaw(trainP2.sendQuestion2, { askType: 'checkByAI', questionId: 1, userAnswer: 'x' })).body).toEqual(refused(T.aiNotConfigured));
    expect((await student.call(trainP2.checkTables, { tableType: 'checkedByAI' })).table).toEqual([]);
  });

  it('check like a curator: a real checked homework answer of someone else, then the curator beside me; five a day', async () => {
    const student = await as('student');
    const me = await userId('student');
    const opened = (await student.call(trainP2.getCheckQuestion2, { askType: 'checkLikeCurator', questionType: 'random', include90Plus: '1' })).questionData!;
    expect(opened.studentId).toMatch(/^k\d+$/);
    expect(opened).toMatchObject({ curatorBall: null, checkBall: null, teacherComment: '', isOldCheck: '0' });
    expect(opened.qNumber).toBeGreaterThan(0);
    const row = await db().selectFrom('train_p2_curator_checks').selectAll().where('id', '=', Number(opened.studentId.slice(1))).executeTakeFirstOrThrow();
    expect(row.source_user_id).not.toBe(me);
    const source = await db()
      .selectFrom('homework_answers_p2')
      .selectAll()
      .where('user_id', '=', row.source_user_id)
      .where('ht_num', '=', row.ht_num)
      .where('q_number', '=', row.q_number)
      .executeTakeFirstOrThrow();
    expect(opened.userAnswer).toBe(source.user_answer);
    // Asked again: the same unfinished check.
    expect((await student.call(trainP2.getCheckQuestion2, { askType: 'checkLikeCurator' })).questionData).toMatchObject({ studentId: opened.studentId, isOldCheck: '1' });
    // Only its owner finishes it, with the right numbers.
    const finish = (client: TestClient, data: Record<string, unknown>) =>
      client.callRaw(trainP2.checkLikecuratorFinish, { askType: 'checkLikeCurator', checkData: { qNumber: opened.qNumber, htNumber: opened.htNumber, studentId: opened.studentId, checkComment: 'Не хватает примеров', checkBall: 1, ...data } });
    expect((await finish(await as('egor'), {})).body).toEqual(refused(T.checkNotFound));
    expect((await finish(student, { htNumber: opened.htNumber + 1 })).body).toEqual(refused(T.checkNotFound));
    expect((await finish(student, { checkBall: opened.maxBall + 1 })).body).toEqual(refused(T.overMax.replace('{max}', String(opened.maxBall))));
    const done = (await finish(student, {})).body as unknown as { success: string; questionData: Part2Question };
    expect(done.success).toBe('1');
    expect(done.questionData).toMatchObject({ curatorBall: source.points, checkBall: 1, teacherComment: source.teacher_comment, checkComment: 'Не хватает примеров' });
    expect((await student.call(trainP2.availableQuestions2, {})).additionInfo.availableChecksLikeCur).toBe(CHECKS_LIKE_CURATOR_PER_DAY - 1);
    // A refused one does not count; the limit holds after five.
    const refusedOne = (await student.call(trainP2.getCheckQuestion2, { askType: 'checkLikeCurator' })).questionData!;
    await student.call(trainP2.cancelCheckQuestion2, { q2Id: refusedOne.q2Id, studentId: refusedOne.studentId });
    expect((await student.call(trainP2.availableQuestions2, {})).additionInfo.availableChecksLikeCur).toBe(CHECKS_LIKE_CURATOR_PER_DAY - 1);
    for (let index = 1; index < CHECKS_LIKE_CURATOR_PER_DAY; index += 1) {
      const next = (await student.call(trainP2.getCheckQuestion2, { askType: 'checkLikeCurator' })).questionData;
      if (!next) break;
      await student.call(trainP2.checkLikecuratorFinish, { askType: 'checkLikeCurator', checkData: { qNumber: next.qNumber, htNumber: next.htNumber, studentId: next.studentId, checkComment: 'ок', checkBall: 0 } });
    }
    const left = (await student.call(trainP2.availableQuestions2, {})).additionInfo.availableChecksLikeCur;
    if (left === 0) expect((await student.callRaw(trainP2.getCheckQuestion2, { askType: 'checkLikeCurator' })).body).toEqual(refused(T.noLikeCurLeft));
    const mine = await db().selectFrom('train_p2_curator_checks').select('source_user_id').where('user_id', '=', me).execute();
    expect(mine.every((check) => check.source_user_id !== me)).toBe(true);
  });

  it('classmates: 20 parallel requests from 20 students never get the same answer twice', async () => {
    await db().deleteFrom('train_p2_refusals').execute();
    await db().deleteFrom('train_p2_answers').execute();
    const logins = await addStudents(server, `race${dialect}`, 20);
    // Scarce: five answers for twenty checkers.
    for (let index = 0; index < 5; index += 1) await answerForClassmates('student', `Ответ ${index}`);
    const checkers = await Promise.all(logins.map((login) => as(login)));
    const scarce = await Promise.all(checkers.map((client) => client.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })));
    const scarceKeys = scarce.map((reply) => reply.questionData?.studentId).filter((key): key is string => key !== undefined);
    expect(scarceKeys).toHaveLength(5);
    expect(new Set(scarceKeys).size).toBe(5);
    // Everyone's own answer in the pool: each of the twenty asks at once.
    for (const [index, client] of checkers.entries()) {
      const { questionData } = await client.call(trainP2.getQuestion2, { askType: 'checkByClassmates', questionType: 'random', include90Plus: '1', firstlyUnresolved: '1' });
      await client.call(trainP2.sendQuestion2, { askType: 'checkByClassmates', questionId: questionData!.q2Id, userAnswer: `Ответ участника ${index}` });
    }
    for (const [index, reply] of scarce.entries()) {
      if (reply.questionData) await checkers[index]!.call(trainP2.checkQuestion2, { askType: 'checkAnother', checkData: { questionId: reply.questionData.q2Id, checkBall: 0, checkComment: 'ok', checkVkId: reply.questionData.studentId } });
    }
    const full = await Promise.all(checkers.map((client) => client.call(trainP2.getCheckQuestion2, { askType: 'checkAnother', questionType: 'random', include90Plus: '1' })));
    const keys = full.map((reply) => reply.questionData?.studentId).filter((key): key is string => key !== undefined);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(19);
    for (const [index, reply] of full.entries()) {
      if (!reply.questionData) continue;
      expect(reply.questionData.userAnswer).not.toBe(`Ответ участника ${index}`);
    }
    const assigned = await db().selectFrom('train_p2_answers').select(['id', 'checker_id', 'user_id']).where('status', '=', 'waiting').where('checker_id', 'is not', null).execute();
    expect(assigned).toHaveLength(keys.length);
    expect(assigned.every((row) => row.checker_id !== row.user_id)).toBe(true);
    console.info(`[train-p2 race on ${dialect}] scarce: 20 parallel requests, 5 answers → ${scarceKeys.length} assigned, ${new Set(scarceKeys).size} distinct; full: 20 parallel requests, 20 answers → ${keys.length} assigned, ${new Set(keys).size} distinct, 0 own`);
  });
});

describe('training part 2 AI check with an OpenAI-compatible model (local stand-in)', () => {
  let standIn: ChatModelStandIn;
  let server: TestServer;
  let student: TestClient;
  const db = () => server.server.services.db;

  beforeAll(async () => {
    standIn = await startChatModelStandIn();
    server = await startTestServer({ env: { LLM_URL: standIn.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'stand-in-model', LLM_TIMEOUT_MS: '1500' } });
    student = await server.signIn('student');
    // Only task 20 keeps criteria here, so the AI sets show that the others are left out.
    await db().updateTable('questions_p2').set({ criteria: '' }).where('task_number', '!=', 20).execute();
    await db().updateTable('questions_p2').set({ criteria: 'К1: три примера, по 1 баллу за каждый.' }).where('task_number', '=', 20).execute();
  });
  afterEach(() => {
    standIn.failWith = null;
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  const sendForAi = async (answer: string) => {
    const { questionData } = await student.call(trainP2.getQuestion2, { askType: 'checkByAI', questionType: 'egeNum:20', include90Plus: '1' });
    expect(questionData!.q2TaskNumber).toBe(20);
    await student.call(trainP2.sendQuestion2, { askType: 'checkByAI', questionId: questionData!.q2Id, userAnswer: answer });
    return questionData!;
  };
  const settled = async () => {
    for (let tries = 0; tries < 100; tries += 1) {
      const { table } = await student.call(trainP2.checkTables, { tableType: 'checkedByAI' });
      if (table[0] && table[0].checkStatus !== 'aiChecking') return table[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the AI check did not settle');
  };

  it('offers only questions with criteria to the AI', async () => {
    const sets = await student.call(trainP2.availableQuestions2, {});
    expect(sets.additionInfo.aiConfigured).toBe('1');
    expect(sets.egeNumsAI).toEqual([20]);
    expect((await student.callRaw(trainP2.getQuestion2, { askType: 'checkByAI', questionType: 'mostDifficult' })).body).toEqual(refused(T.mostDifficultNoAi));
    const other = await db().selectFrom('questions_p2').select('id').where('task_number', '!=', 20).executeTakeFirstOrThrow();
    expect((await student.callRaw(trainP2.sendQuestion2, { askType: 'checkByAI', questionId: other.id, userAnswer: 'x' })).body).toEqual(refused(T.noCriteria));
  });

  it('scores against the criteria with a comment, and full marks count as solved', async () => {
    standIn.reply = () => 'Вот оценка: {"score": 3, "comment": "Все три примера конкретны и верны."}';
    const id = (await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;
    const solved = async () => (await chapterStatistics(db(), { id, type: 'Ученик' }, Date.now())).chaptersStatistics.reduce((sum, chapter) => sum + chapter.numSolvedQuestionsP2, 0);
    const before = await solved();
    const question = await sendForAi('Пример 1… Пример 2… Пример 3…');
    const row = await settled();
    expect(row).toMatchObject({ checkStatus: 'checked', checkBallov: 3, maxBall: question.maxBall, checkerId: '' });
    const details = (await student.call(trainP2.resultCheckQuestion2, { askType: 'checkedByAI', checkId: row.id })).questionData;
    expect(details).toMatchObject({ checkBallov: 3, checkText: 'Все три примера конкретны и верны.', userAnswer: 'Пример 1… Пример 2… Пример 3…' });
    const prompt = standIn.requests.at(-1)!.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('К1: три примера, по 1 баллу за каждый.');
    expect(prompt).toContain('Пример 1… Пример 2… Пример 3…');
    expect(prompt).toContain(`Максимальный балл: ${question.maxBall}`);
    expect(await solved()).toBe(before + 1);
  });

  it('is a durable job: an answer sent while no runner works is checked once when a runner comes back', async () => {
    standIn.reply = () => '{"score": 1, "comment": "Один аргумент засчитан."}';
    await server.server.jobs.stop();
    try {
      await sendForAi('Ответ перед перезапуском');
      const pending = await db().selectFrom('train_p2_answers').select(['id', 'status']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(pending.status).toBe('ai_pending');
      // Two instances look at once: the claim lets one of them check.
      const { JobRunner, jobDefinitions } = await import('../../jobs');
      const before = standIn.requests.length;
      const [a, b] = [new JobRunner(server.server.services, jobDefinitions), new JobRunner(server.server.services, jobDefinitions)];
      const ran = await Promise.all([a.runDue(), b.runDue()]);
      expect(ran[0]! + ran[1]!).toBe(1);
      expect(standIn.requests.length).toBe(before + 1);
      expect(await db().selectFrom('train_p2_answers').select(['status', 'points']).where('id', '=', pending.id).executeTakeFirstOrThrow()).toEqual({ status: 'checked', points: 1 });
    } finally {
      server.server.jobs.start();
    }
  });

  it('a provider error or an impossible score is a clear failure, never a score', async () => {
    standIn.failWith = { status: 503, message: 'перегружен' };
    await sendForAi('Ответ при сбое');
    const failed = await settled();
    expect(failed).toMatchObject({ checkStatus: 'aiFailed', checkBallov: null, checkDate: '' });
    const details = (await student.call(trainP2.resultCheckQuestion2, { askType: 'checkedByAI', checkId: failed.id })).questionData;
    expect(details.checkText).toBe(T.aiFailed.replace('{reason}', 'Модель ответила ошибкой 503: перегружен'));
    expect(details.checkBallov).toBeNull();

    standIn.failWith = null;
    standIn.reply = () => '{"score": 40, "comment": "Отлично"}';
    await sendForAi('Ответ с невозможной оценкой');
    const impossible = await settled();
    expect(impossible.checkStatus).toBe('aiFailed');
    expect((await student.call(trainP2.resultCheckQuestion2, { askType: 'checkedByAI', checkId: impossible.id })).questionData.checkText).toContain('модель поставила 40 баллов');
  });
});
