import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, curatorHomework, homeworkP2 } from '../../../src/shared/contract';
import { CHECKING_QUEUE_PATH } from '../../../src/shared/domain/user-types';
import { CHECK_TEXTS as T } from '../../../src/shared/contract/curator-homework';
import { editUser, grantGroup, homeworkProgressOf, revokeGroup, setHomeworkProgress, userIdOf, userKeyOf } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const HT = 3; // seeded: egor, sofia and maxim submitted part 2 ('Готово'), two tasks of max 3.
const segment = (start: number, finish: number, extra: Partial<{ color: 'green' | 'orange' | 'red'; zacherkn: number; cur_subcomment: string }> = {}) => ({
  start_pos: start,
  finish_pos: finish,
  color: 'red' as const,
  zacherkn: 0,
  cur_subcomment: '',
  ...extra,
});

describe.each(testDialects)('curator homework checking on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  const key = (login: string) => userKeyOf(server, login);
  const idOf = (login: string) => userIdOf(server, login);
  const status = async (login: string) =>
    (await db().selectFrom('user_homeworks').select(['status_p2', 'points_p2', 'p2_checker_id']).where('user_id', '=', await idOf(login)).where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirstOrThrow());

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('lists homework with counts, deadlines and cross checks; students are refused', async () => {
    const curator = await server.signIn('curator');
    const list = await curator.call(curatorHomework.getDzList, {});
    const three = list.homeTasks.find((item) => item.htNumber === HT)!;
    expect(three).toMatchObject({ htNumsP2: 2 });
    expect(list.homeTasks.some((item) => item.isProbnik === 1)).toBe(true);
    expect(list.crossChecks.find((item) => item.htNumber === HT)).toMatchObject({ htStatus: 0 });
    expect(list.crossChecks.find((item) => item.htNumber === 1)).toMatchObject({ htStatus: 1 });
    const student = await server.signIn('student');
    expect((await student.callRaw(curatorHomework.getDzList, {})).body.success).not.toBe('1');
  });

  it('counts the works waiting per homework (issue 26): in-progress works left out, own students first for a checker of everyone', async () => {
    const curator = await server.signIn('curator');
    const waitingOf = async (client: typeof curator) => client.call(curatorHomework.getWaitingWorks, {});
    // A work still being written ('Выполняется') is not waiting for a check.
    const before = await homeworkProgressOf(server, 'intensive', HT);
    await setHomeworkProgress(server, 'intensive', HT, { p2: { status: 'Выполняется', startedAt: before?.p2_started_at ?? 1 } });
    const queue = await waitingOf(curator);
    const three = queue.homeworks.find((item) => item.htNumber === HT)!;
    expect(three).toMatchObject({ waiting: 3, waitingMine: 3, oldestSubmitDate: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/) });
    expect(queue.total).toBe(queue.homeworks.reduce((sum, item) => sum + item.waiting, 0));
    expect(queue.homeworks.every((item) => item.waiting > 0)).toBe(true);
    // The same count as the works list shows in 'Готово'.
    const works = await curator.call(curatorHomework.getHtListForDz, { htNumber: HT });
    expect(works.users.filter((row) => row.htUserStatusP2 === 'Готово')).toHaveLength(3);
    // The works list puts the waiting ones first.
    expect(works.users.slice(0, 3).map((row) => row.htUserStatusP2)).toEqual(['Готово', 'Готово', 'Готово']);
    expect(works.users.length).toBeGreaterThan(3);
    // Oldest submission first among homeworks of equal standing.
    const order = queue.homeworks.map((item) => item.oldestSubmitDate.replace(/^(\d\d)\.(\d\d)\.(\d{4}) (.*)$/, '$3$2$1 $4'));
    expect(order).toEqual([...order].sort());

    // The admin checks everyone; after maxim moves to the admin, homework 3 (the admin's own student) comes first.
    await editUser(server, 'maxim', { curator: 'admin' });
    const adminQueue = await waitingOf(await server.signIn('admin'));
    expect(adminQueue.homeworks[0]).toMatchObject({ htNumber: HT, waiting: 3, waitingMine: 1 });
    expect(adminQueue.totalMine).toBe(1);
    expect((await waitingOf(curator)).homeworks.find((item) => item.htNumber === HT)).toMatchObject({ waiting: 2, waitingMine: 2 });
    await editUser(server, 'maxim', { curator: 'curator' });
    await setHomeworkProgress(server, 'intensive', HT, { p2: { status: before?.status_p2 ?? '' } });

    // Students have no queue.
    const student = await server.signIn('student');
    expect((await student.callRaw(curatorHomework.getWaitingWorks, {})).body.success).not.toBe('1');
  });

  it('lands curators and USERS_EDIT_DZ checkers on the queue at sign-in; students on «Сегодня», admins on the road', async () => {
    const landing = async (login: string) => (await server.anonymous.post(auth.localSignIn.path, { login, password: 'demo' })).body.landing;
    expect(await landing('curator')).toBe(CHECKING_QUEUE_PATH);
    expect(await landing('student')).toBe('/study/today');
    expect(await landing('admin')).toBe('/study/roadmap');
    expect(await landing('varvara')).toBe('/study/today');
    await grantGroup(server, 'varvara', 'USERS_EDIT_DZ');
    expect(await landing('varvara')).toBe(CHECKING_QUEUE_PATH);
    await revokeGroup(server, 'varvara', 'USERS_EDIT_DZ');
  });

  it('lists the works of one homework, with the late flag; unknown homework refused', async () => {
    const curator = await server.signIn('curator');
    await setHomeworkProgress(server, 'maxim', HT, { p2: { late: true } });
    const works = await curator.call(curatorHomework.getHtListForDz, { htNumber: HT });
    const byKey = new Map(works.users.map((row) => [row.userVkId, row]));
    for (const login of ['egor', 'sofia', 'maxim']) expect(byKey.get(await key(login))?.htUserStatusP2).toBe('Готово');
    expect(byKey.get(await key('maxim'))?.isLate).toBe('1');
    expect(byKey.get(await key('egor'))).toMatchObject({ htUserStatusP1: 'Готово', htUserMaxballovP2: 6, withCheck: '1', curator: expect.stringMatching(/\S/) });
    expect(works.homeTask.htNumber).toBe(HT);
    expect((await curator.callRaw(curatorHomework.getHtListForDz, { htNumber: 999 })).body).toEqual({ success: '0', message: T.notFound });
  });

  it('shows a part 1 result; a student without part 1 is refused', async () => {
    const curator = await server.signIn('curator');
    const result = await curator.call(curatorHomework.getResultP1, { dzNum: HT, isDopPart: '0', userVkId: await key('egor') });
    expect(result.questions.length).toBeGreaterThan(0);
    expect(result.sums.userBall).toBe(result.questions.reduce((sum, q) => sum + (q.userBall ?? 0), 0));
    expect(result.user.htUserStatusP1).toBe('Готово');
    expect((await curator.callRaw(curatorHomework.getResultP1, { dzNum: HT, isDopPart: '0', userVkId: await key('sofia') })).body).toEqual({ success: '0', message: T.noWork });
    expect((await curator.callRaw(curatorHomework.getResultP1, { dzNum: HT, isDopPart: '0', userVkId: 'id999999' })).body).toEqual({ success: '0', message: T.noStudent });
  });

  it('reads part 2 per student and per task; unknown task refused', async () => {
    const curator = await server.signIn('curator');
    const egor = await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${await key('egor')}`, onlyChecked: '0' });
    expect(egor.result.map((item) => [item.qNumber, item.realBall, item.isChecked, item.htUserStatusP2])).toEqual([
      [1, 3, '0', 'Готово'],
      [2, 3, '0', 'Готово'],
    ]);
    expect(egor.result[0]!.userAnswer).toContain('Конкуренция');
    const task = await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: 'taskNum:1', onlyChecked: '0' });
    expect(task.result.map((item) => item.userVkId).sort()).toEqual([await key('egor'), await key('sofia'), await key('maxim')].sort());
    expect((await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: 'taskNum:1', onlyChecked: '1' })).result).toEqual([]);
    expect((await curator.callRaw(curatorHomework.getResultP2, { dzNum: HT, type: 'taskNum:9', onlyChecked: '0' })).body).toEqual({ success: '0', message: T.unknownTask.replace('{num}', '9') });
    expect((await curator.callRaw(curatorHomework.getResultP2, { dzNum: HT, type: 'name:egor', onlyChecked: '0' })).body.success).toBe('0');
  });

  it('validates segments and scores', async () => {
    const curator = await server.signIn('curator');
    const studentId = await key('egor');
    const save = (check: Record<string, unknown>) => curator.callRaw(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId, jsonData: { '1': check } });
    expect((await save({ ballov: 1, add_comments: { '1': segment(10, 111) } })).body.success).toBe('0'); // longer than 100
    expect((await save({ ballov: 1, add_comments: { '1': segment(20, 10) } })).body.success).toBe('0'); // start after end
    expect((await save({ ballov: 1, add_comments: { '1': segment(-1, 5) } })).body.success).toBe('0'); // negative start
    expect((await save({ ballov: 1, add_comments: { '1': segment(1000, 1050) } })).body).toEqual({ success: '0', message: T.segmentOutside.replace('{num}', '1') });
    expect((await save({ ballov: 4 })).body).toEqual({ success: '0', message: T.overMax.replace('{num}', '1').replace('{max}', '3') });
    expect((await save({ ballov: -1 })).body.success).toBe('0');
    expect((await curator.callRaw(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId, jsonData: { '5': { ballov: 1 } } })).body).toEqual({ success: '0', message: T.unknownTask.replace('{num}', '5') });
    expect((await save({ ballov: 1, add_comments: { '1': segment(10, 110) } })).body.success).toBe('1'); // exactly 100
  });

  it('saves, then finishes egor’s check; the student sees segments and points', async () => {
    const curator = await server.signIn('curator');
    const studentId = await key('egor');
    const first = { cur_comment: 'Третий аргумент не раскрыт', ballov: 2, add_comments: { '1': segment(3, 40, { color: 'green', cur_subcomment: 'Верно' }), '2': segment(50, 60, { zacherkn: 1 }) } };
    await curator.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId, jsonData: { '1': first } });
    const saved = await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${studentId}`, onlyChecked: '0' });
    expect(saved.result[0]).toMatchObject({ userBall: 2, teacherComment: 'Третий аргумент не раскрыт', teacherJson: first.add_comments });
    expect((await status('egor')).status_p2).toBe('Готово');

    expect((await curator.callRaw(curatorHomework.setResultP2, { action: 'endChecking', dzNum: HT, studentId })).body).toEqual({ success: '0', message: T.scoreMissing.replace('{nums}', '2') });
    await curator.call(curatorHomework.setResultP2, { action: 'endChecking', dzNum: HT, studentId, jsonData: { '2': { cur_comment: 'Хорошо', ballov: 3, add_comments: {} } } });
    expect(await status('egor')).toMatchObject({ status_p2: 'Проверен', points_p2: 5, p2_checker_id: await idOf('curator') });

    const egor = await server.signIn('egor');
    const seen = await egor.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'EgorTb' });
    expect(seen.htStatusP2).toBe('Проверен');
    expect(seen.htInfo.htUserBallovP2).toBe(5);
    expect(seen.questions[0]).toMatchObject({ isChecked: '1', userBall: 2, teacherJson: first.add_comments });

    expect((await curator.callRaw(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId })).body).toEqual({
      success: '0',
      message: T.actionRefused.replace('{action}', 'Сохранить проверку').replace('{status}', 'Проверен'),
    });
  });

  it('rejects sofia’s work, refuses a second reject, returns it and she can edit again', async () => {
    const curator = await server.signIn('curator');
    const studentId = await key('sofia');
    await curator.call(curatorHomework.setResultP2, { action: 'reject', dzNum: HT, studentId, jsonData: { '1': { cur_comment: 'Работа списана', ballov: 0 } } });
    expect((await status('sofia')).status_p2).toBe('Отклонен');
    expect((await curator.callRaw(curatorHomework.setResultP2, { action: 'reject', dzNum: HT, studentId })).body.success).toBe('0');
    await curator.call(curatorHomework.setResultP2, { action: 'return', dzNum: HT, studentId });
    expect((await status('sofia')).status_p2).toBe('Выполняется');
    const sofia = await server.signIn('sofia');
    await sofia.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'SofiaT' });
    await sofia.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: 'Новый ответ с тремя аргументами.' }], markSave: 'SofiaT' });
    // A work the student is writing again is not checked: every reviewer action and task check is refused.
    for (const action of ['saveChecking', 'endChecking', 'reject', 'return'] as const) {
      expect((await curator.callRaw(curatorHomework.setResultP2, { action, dzNum: HT, studentId })).body).toEqual({ success: '0', message: T.notSubmitted });
    }
    const task = { dzNum: HT, studentId, taskNum: 1, taskStatus: '1' as const, jsonData: { cur_comment: '', ballov: 1, add_comments: {} } };
    expect((await curator.callRaw(curatorHomework.setTaskCheckedP2, task)).body).toEqual({ success: '0', message: T.notSubmitted });
    expect((await curator.call(curatorHomework.getWaitingWorks, {})).homeworks.find((item) => item.htNumber === HT)?.waiting).toBe(1);
  });

  it('refuses a check based on an old version (offline sync), and of two parallel ones exactly one lands', async () => {
    const studentId = await key('maxim');
    const curator = await server.signIn('curator');
    const admin = await server.signIn('admin');
    const read = async () => (await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${studentId}`, onlyChecked: '0' })).result[0]!.workVersion;
    const base = await read();
    expect(base).toMatch(/^[0-9a-f]{20}$/);
    const save = (client: typeof curator, comment: string, baseVersion?: string) =>
      client.callRaw(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId, jsonData: { '1': { cur_comment: comment, ballov: 1, add_comments: {} } }, ...(baseVersion ? { baseVersion } : {}) });
    const saved = await save(curator, 'первый', base);
    expect(saved.body.success).toBe('1');
    const next = saved.body.workVersion as string;
    expect(next).not.toBe(base);
    expect(await read()).toBe(next);
    // The old base is refused with the current version; nothing is written.
    expect((await save(admin, 'поверх', base)).body).toEqual({ success: '0', message: T.conflict, conflict: '1', workVersion: next });
    expect((await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: `userVkId:${studentId}`, onlyChecked: '0' })).result[0]!.teacherComment).toBe('первый');
    // Two writers from one base at once: one lands, the other is told about the conflict.
    const replies = await Promise.all([save(curator, 'A', next), save(admin, 'B', next), save(curator, 'C', next)]);
    expect(replies.filter((reply) => reply.body.success === '1')).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.conflict === '1')).toHaveLength(2);
    // Without a base (online checking) the write goes through as before.
    expect((await save(curator, 'онлайн')).body.success).toBe('1');
    expect((await curator.callRaw(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId, baseVersion: 'не-версия' })).body.success).toBe('0');
  });

  it('only the student’s curator, an admin or USERS_EDIT_DZ may check', async () => {
    const studentId = await key('maxim');
    const read = { dzNum: HT, type: `userVkId:${studentId}`, onlyChecked: '0' as const };
    const save = { action: 'saveChecking' as const, dzNum: HT, studentId, jsonData: {} };
    // Maxim moves to the admin's care: the curator no longer sees or checks him.
    await editUser(server, 'maxim', { curator: 'admin' });
    const curator = await server.signIn('curator');
    expect((await curator.callRaw(curatorHomework.getResultP2, read)).body).toEqual({ success: '0', message: T.notYours });
    expect((await curator.callRaw(curatorHomework.setResultP2, save)).body).toEqual({ success: '0', message: T.notYours });
    expect((await curator.call(curatorHomework.getHtListForDz, { htNumber: HT })).users.some((row) => row.userVkId === studentId)).toBe(false);
    expect((await (await server.signIn('admin')).callRaw(curatorHomework.setResultP2, save)).body.success).toBe('1');
    // A USERS_EDIT_DZ member checks anyone, whatever their type; without the group a student is refused.
    const varvara = await server.signIn('varvara');
    expect((await varvara.callRaw(curatorHomework.getResultP2, read)).body.success).not.toBe('1');
    await grantGroup(server, 'varvara', 'USERS_EDIT_DZ');
    const member = await server.signIn('varvara');
    expect((await member.callRaw(curatorHomework.setResultP2, save)).body.success).toBe('1');
    await revokeGroup(server, 'varvara', 'USERS_EDIT_DZ');
    await editUser(server, 'maxim', { curator: 'curator' });
  });

  it('checks tasks one by one and in a batch (all or nothing), then sends the checked works', async () => {
    const curator = await server.signIn('curator');
    const studentId = await key('maxim');
    const task = (taskNum: number, ballov: number | null, taskStatus: '0' | '1' = '1') => ({ dzNum: HT, studentId, taskNum, taskStatus, jsonData: { cur_comment: '', ballov, add_comments: {} } });
    expect((await curator.callRaw(curatorHomework.setTaskCheckedP2, task(1, null))).body).toEqual({ success: '0', message: T.scoreMissing.replace('{nums}', '1') });
    await curator.call(curatorHomework.setTaskCheckedP2, task(1, 3));
    expect((await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: 'taskNum:1', onlyChecked: '1' })).result.map((item) => item.userVkId)).toEqual([studentId]);
    // Nothing sent while task 2 is unchecked.
    expect(await curator.call(curatorHomework.sendCheckedP2, { taskId: HT })).toEqual({ sent: 0 });

    expect((await curator.callRaw(curatorHomework.setTasksCheckedP2, { tasks: [task(2, 2), task(1, 9)] })).body.success).toBe('0');
    expect((await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: 'taskNum:2', onlyChecked: '1' })).result).toEqual([]);
    await curator.call(curatorHomework.setTasksCheckedP2, { tasks: [task(2, 2), task(1, 3, '0')] });
    expect((await curator.call(curatorHomework.getResultP2, { dzNum: HT, type: 'taskNum:1', onlyChecked: '0' })).result.map((item) => item.userVkId)).toEqual([studentId]);
    await curator.call(curatorHomework.setTaskCheckedP2, task(1, 3));

    expect(await curator.call(curatorHomework.sendCheckedP2, { taskId: HT })).toEqual({ sent: 1 });
    expect(await status('maxim')).toMatchObject({ status_p2: 'Проверен', points_p2: 5 });
    expect((await curator.callRaw(curatorHomework.setTaskCheckedP2, task(1, 2))).body.success).toBe('0');
    expect((await curator.callRaw(curatorHomework.sendCheckedP2, { taskId: 999 })).body).toEqual({ success: '0', message: T.notFound });
  });
});
