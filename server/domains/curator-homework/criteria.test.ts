import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatorHomework, homeworkP2 } from '../../../src/shared/contract';
import { CHECK_TEXTS as T } from '../../../src/shared/contract/curator-homework';
import { getTaskCriteria, setTaskCriteria } from '../../../src/shared/contract/question-bank-p2';
import { CRITERIA_TEXTS as C } from '../../../src/shared/domain/p2-criteria';
import { setHomeworkProgress, userIdOf, userKeyOf } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

/**
 * Issue 38 item 5: part 2 checked by the ФИПИ criteria of its task. Homework 4 of the demo has
 * question 1 on task 19 (one criterion, 3 points) and question 2 on task 25 (К1 2, К2 1, К3 3).
 */
const HT = 4;

describe.each(testDialects)('part 2 checking by ФИПИ criteria on %s', (dialect) => {
  let server: TestServer;
  let sofia = '';
  const db = () => server.server.services.db;
  const answerRow = async (qNumber: number) =>
    db()
      .selectFrom('homework_answers_p2')
      .select(['points', 'criteria_points', 'teacher_comment'])
      .where('user_id', '=', await userIdOf(server, 'sofia'))
      .where('ht_num', '=', HT)
      .where('q_number', '=', qNumber)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    sofia = await userKeyOf(server, 'sofia');
    // Sofia submits homework 4's part 2.
    const userId = await userIdOf(server, 'sofia');
    const questions = await db().selectFrom('homework_questions_p2').select(['q_number', 'question_id']).where('ht_num', '=', HT).where('is_dop', '=', 0).execute();
    for (const question of questions) {
      await db()
        .insertInto('homework_answers_p2')
        .values({ user_id: userId, ht_num: HT, is_dop: 0, q_number: question.q_number, question_id: question.question_id, user_answer: `Ответ на вопрос ${question.q_number}: налоги и расходы бюджета.` })
        .execute();
    }
    await setHomeworkProgress(server, 'sofia', HT, { p2: { status: 'Готово', startedAt: 1, submittedAt: 2 } });
  });
  afterAll(() => server.close());

  type Checks = Record<string, { cur_comment?: string; ballov?: number | null; criteria_ballov?: Record<string, number> }>;
  const review = (jsonData: Checks, action: 'saveChecking' | 'endChecking' = 'saveChecking') => ({ action, dzNum: HT, studentId: sofia, jsonData });

  it('shows each task’s ФИПИ criteria, the question’s criteria and its reference answer to the curator', async () => {
    const curator = await server.signIn('curator');
    const { result } = await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${sofia}`, onlyChecked: '0' });
    expect(result.map((item) => item.qTaskNumber)).toEqual([19, 25]);
    expect(result[0]!.criteria.map((criterion) => [criterion.code, criterion.maxBall])).toEqual([['К1', 3]]);
    expect(result[1]!.criteria.map((criterion) => [criterion.code, criterion.maxBall, criterion.title, criterion.zeroIf])).toEqual([
      ['К1', 2, 'Обоснование', null],
      ['К2', 1, 'Ответ на вопрос', null],
      ['К3', 3, 'Примеры', 2],
    ]);
    expect(result[1]!.qReference).toMatch(/^1\) Обоснование\./);
    expect(result[1]!.qCriteria).toMatch(/^К1\. Обоснование/);
    expect(result[1]!.criteriaBalls).toEqual({});
  });

  it('sums the criteria on the server, keeps each criterion’s points, and refuses scores outside the criteria', async () => {
    const curator = await server.signIn('curator');
    // The client's own sum is not trusted: the server writes 2 + 1 + 2.
    await curator.call(curatorHomework.setResultP2, review({ 2: { cur_comment: 'Третий пример не раскрыт', ballov: 6, criteria_ballov: { 1: 2, 2: 1, 3: 2 } } }));
    expect(await answerRow(2)).toEqual({ points: 5, criteria_points: '{"1":2,"2":1,"3":2}', teacher_comment: 'Третий пример не раскрыт' });

    const refused = async (jsonData: Checks) => (await curator.callRaw(curatorHomework.setResultP2, review(jsonData))).body;
    expect(await refused({ 2: { criteria_ballov: { 3: 4 } } })).toEqual({ success: '0', message: 'Балл по критерию К3 задания 2: от 0 до 3' });
    expect(await refused({ 2: { criteria_ballov: { 4: 1 } } })).toEqual({ success: '0', message: 'У задания 2 нет критерия К4' });
    // ФИПИ: К3 gets 0 when К2 got 0.
    expect(await refused({ 2: { criteria_ballov: { 1: 2, 2: 0, 3: 2 } } })).toEqual({ success: '0', message: 'Задание 2: по К3 ставится 0 баллов, если по К2 — 0' });
    expect((await refused({ 2: { criteria_ballov: { 1: -1 } } })).success).toBe('0');
    // Nothing of the refused checks was written.
    expect((await answerRow(2)).criteria_points).toBe('{"1":2,"2":1,"3":2}');

    // Half scored: no task points yet, and the work cannot be finished.
    await curator.call(curatorHomework.setResultP2, review({ 1: { criteria_ballov: { 1: 3 } }, 2: { criteria_ballov: { 1: 1 } } }));
    expect(await answerRow(2)).toMatchObject({ points: null, criteria_points: '{"1":1}' });
    expect((await curator.callRaw(curatorHomework.setResultP2, review({}, 'endChecking'))).body).toEqual({ success: '0', message: T.scoreMissing.replace('{nums}', '2') });
  });

  it('still takes a score for the whole task from older clients; a one-criterion task keeps it as К1', async () => {
    const curator = await server.signIn('curator');
    await curator.call(curatorHomework.setResultP2, review({ 1: { ballov: 2 }, 2: { ballov: 4 } }));
    expect(await answerRow(1)).toMatchObject({ points: 2, criteria_points: '{"1":2}' });
    expect(await answerRow(2)).toMatchObject({ points: 4, criteria_points: '{}' });
    // The batch view's call goes through the same rules.
    const task = { dzNum: HT, studentId: sofia, taskNum: 2, taskStatus: '0' as const };
    expect((await curator.callRaw(curatorHomework.setTaskCheckedP2, { ...task, jsonData: { criteria_ballov: { 2: 3 } } })).body).toEqual({ success: '0', message: 'Балл по критерию К2 задания 2: от 0 до 1' });
    await curator.call(curatorHomework.setTaskCheckedP2, { ...task, jsonData: { criteria_ballov: { 1: 2, 2: 1, 3: 3 } } });
    expect(await answerRow(2)).toMatchObject({ points: 6, criteria_points: '{"1":2,"2":1,"3":3}' });
  });

  it('finishes the work with the sum of the criteria; the student sees the points per criterion', async () => {
    const curator = await server.signIn('curator');
    await curator.call(curatorHomework.setResultP2, review({ 1: { criteria_ballov: { 1: 3 } }, 2: { criteria_ballov: { 1: 1, 2: 1, 3: 2 } } }, 'endChecking'));
    const work = await db().selectFrom('user_homeworks').select(['status_p2', 'points_p2']).where('user_id', '=', await userIdOf(server, 'sofia')).where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirstOrThrow();
    expect(work).toEqual({ status_p2: 'Проверен', points_p2: 7 });

    const seen = await (await server.signIn('sofia')).call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'Sofia4' });
    expect(seen.questions[1]!.criteriaBalls).toEqual({ 1: 1, 2: 1, 3: 2 });
    expect(seen.questions[1]!.criteria.map((criterion) => criterion.code)).toEqual(['К1', 'К2', 'К3']);
    expect(seen.questions[0]!.criteriaBalls).toEqual({ 1: 3 });
  });

  it('lets only the student’s checkers score: another student is refused', async () => {
    const egor = await server.signIn('egor');
    expect((await egor.callRaw(curatorHomework.setResultP2, review({ 2: { criteria_ballov: { 1: 2 } } }))).body.success).not.toBe('1');
    expect((await egor.callRaw(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${sofia}`, onlyChecked: '0' })).body.success).not.toBe('1');
  });

  it('keeps the criteria in a school-editable table: editors change a task’s criteria, checks follow them', async () => {
    const admin = await server.signIn('admin');
    const { tasks } = await admin.call(getTaskCriteria, {});
    expect(tasks.map((task) => task.taskNumber)).toEqual([17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(tasks.map((task) => task.criteria.reduce((sum, criterion) => sum + criterion.maxBall, 0))).toEqual([2, 2, 3, 3, 3, 4, 3, 4, 6]);

    // A rule may only point to a criterion above it.
    const bad = await admin.callRaw(setTaskCriteria, { taskNumber: 19, criteria: [{ maxBall: 3, title: 'Примеры', description: '', zeroIf: 1 }] });
    expect(bad.body).toEqual({ success: '0', message: C.zeroIfOrder.replace('{crit}', '1') });
    expect((await admin.callRaw(setTaskCriteria, { taskNumber: 16, criteria: [] })).body.success).toBe('0');
    const student = await server.signIn('student');
    expect((await student.callRaw(setTaskCriteria, { taskNumber: 19, criteria: [] })).body.success).not.toBe('1');

    // Task 19 loses its criteria: it is scored as a whole, and criteria points are refused.
    await admin.call(setTaskCriteria, { taskNumber: 19, criteria: [] });
    await setHomeworkProgress(server, 'sofia', HT, { p2: { status: 'Готово' } });
    const curator = await server.signIn('curator');
    expect((await curator.callRaw(curatorHomework.setResultP2, review({ 1: { criteria_ballov: { 1: 2 } } }))).body).toEqual({ success: '0', message: C.noCriteria.replace('{num}', '1') });
    await curator.call(curatorHomework.setResultP2, review({ 1: { ballov: 1 } }));
    expect(await answerRow(1)).toMatchObject({ points: 1, criteria_points: '{}' });
    // Restored, as the ФИПИ has it.
    await admin.call(setTaskCriteria, { taskNumber: 19, criteria: [{ maxBall: 3, title: 'Примеры', description: tasks[2]!.criteria[0]!.description, zeroIf: null }] });
    expect((await admin.call(getTaskCriteria, {})).tasks[2]).toEqual(tasks[2]);
  });
});
