import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth, crm, homeworkP1 } from '../../src/shared/contract';
import { editUser, grantGroup, homeworkProgressOf, makeCurator, makeHomework, makeStudent, makeStudentLike, revokeGroup, setCreditRules, setHomeworkProgress, setHomeworkRules, setVerbalCreditResult, startedCreditAgo, userIdOf } from '../helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

describe.each(testDialects)('test factories on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  const membersOf = async (group: string) =>
    (await db().selectFrom('permission_group_members').select('user_id').where('group_name', '=', group).execute()).map((row) => row.user_id).sort();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('makes a student who signs in with the demo password, with the curator and card fields asked for', async () => {
    const curator = await makeCurator(server, { surname: 'Орлова', name: 'Анна' });
    const student = await makeStudent(server, { type: 'Подписка', surname: 'Тайнова', curator: curator.id, profile: { userTgNickname: 'secret_vera', withMistakeWork: '1' } });
    expect(student.key).toBe(`id${student.id}`);
    const info = await (await student.signIn()).call(account.getUserInfo, {});
    expect(info.userInfo).toMatchObject({ user_type: 'Подписка', user_surname: 'Тайнова', with_mistake_work: '1' });
    const card = await (await server.signIn('admin')).call(crm.getUser, { userVkId: student.key });
    expect(card.user).toMatchObject({ userType: 'Подписка', userTgNickname: 'secret_vera', userCurator: curator.key });
    const row = await db().selectFrom('users').selectAll().where('id', '=', student.id).executeTakeFirstOrThrow();
    expect([row.curator_id, row.curator_dz_id, row.curator_zach_id, row.with_mistake_work]).toEqual([curator.id, curator.id, curator.id, 1]);
    expect((await (await curator.signIn()).call(account.getUserInfo, {})).userInfo.user_type).toBe('Куратор');
  });

  it('makes distinct accounts; a VK account has no password and a demo one a demo period', async () => {
    const [first, second] = [await makeStudent(server), await makeStudent(server)];
    expect(first.login).not.toBe(second.login);
    const vk = await makeStudent(server, { type: 'Демо', vkId: '555000111' });
    expect(vk.key).toBe('555000111');
    expect((await server.anonymous.post(auth.localSignIn.path, { login: vk.login, password: 'demo' })).body.success).toBe('0');
    const row = await db().selectFrom('users').select(['demo_until', 'created_at']).where('id', '=', vk.id).executeTakeFirstOrThrow();
    expect(row.demo_until).toBeGreaterThan(row.created_at);
  });

  it('makes one more student like a demo one, and a student reachable in Telegram', async () => {
    const copy = await makeStudentLike(server, 'egor', { surname: 'Копия' });
    const [egor, made] = await Promise.all(['egor', copy.login].map((login) => db().selectFrom('users').selectAll().where('login', '=', login).executeTakeFirstOrThrow()));
    expect(made).toMatchObject({ user_type: egor!.user_type, curator_id: egor!.curator_id, tariff_num: egor!.tariff_num, surname: 'Копия', vk_id: null, tg_id: null, email: `${copy.login}@example.ru` });
    expect((await (await copy.signIn()).call(account.getUserInfo, {})).userInfo.user_surname).toBe('Копия');
    const reachable = await makeStudent(server, { telegram: { id: '900000123', nickname: 'pupil_tg' } });
    expect(await db().selectFrom('users').select(['tg_id', 'tg_nickname']).where('id', '=', reachable.id).executeTakeFirstOrThrow()).toEqual({ tg_id: '900000123', tg_nickname: 'pupil_tg' });
  });

  it('edits a demo user through the student card: a block refuses the sign-in, the unblock lets it in', async () => {
    await editUser(server, 'timofey', { userBlocked: '1' });
    expect((await server.anonymous.post(auth.localSignIn.path, { login: 'timofey', password: 'demo' })).body.success).toBe('0');
    await editUser(server, 'timofey', { userBlocked: '0' });
    expect((await server.anonymous.post(auth.localSignIn.path, { login: 'timofey', password: 'demo' })).body.success).toBe('1');
  });

  it('grants and revokes a permission group, keeping the other members', async () => {
    const before = await membersOf('USERS_EDIT_DZ');
    const varvara = await userIdOf(server, 'varvara');
    const maxim = await userIdOf(server, 'maxim');
    await grantGroup(server, 'varvara', 'USERS_EDIT_DZ');
    await grantGroup(server, maxim, 'USERS_EDIT_DZ');
    expect(await membersOf('USERS_EDIT_DZ')).toEqual([...before, varvara, maxim].sort());
    await revokeGroup(server, 'varvara', 'USERS_EDIT_DZ');
    expect(await membersOf('USERS_EDIT_DZ')).toEqual([...before, maxim].sort());
    await revokeGroup(server, maxim, 'USERS_EDIT_DZ');
    expect(await membersOf('USERS_EDIT_DZ')).toEqual(before);
  });

  it('gives a homework its own part 1 and rules, which the student then solves', async () => {
    const HT = 5;
    const { questionIds } = await makeHomework(server, {
      num: HT,
      part1: [
        { questionType: 'WORD', questionText: 'Запишите слово.', rightAnswers: ['рынок'], qEgeNum: 2, qLessonNum: HT, isPublished: '1' },
        { questionType: 'WORD', questionText: 'Запишите другое слово.', rightAnswers: ['спрос'], qEgeNum: 2, qLessonNum: HT, isPublished: '1' },
      ],
      p1Max: 2,
      rules: { p1TimeLimitMin: 20, deadlineAt: null },
    });
    expect(questionIds).toHaveLength(2);
    const student = await makeStudent(server);
    const part = await (await student.signIn()).call(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '0' });
    expect(part.htInfo).toMatchObject({ q_nums_p1: 2, timer: 20 * 60, maxballov_p1: 2 });
    expect(part.questions[0]?.qJson.questionText).toBe('Запишите слово.');
    // The seeded additional part is gone unless asked for.
    expect((await (await student.signIn()).callRaw(homeworkP1.getHtP1Divided, { htNum: HT, isDopPart: '1' })).body.success).toBe('0');
    const withDop = await makeHomework(server, { num: 6, part1: [], part1Dop: [{ questionType: 'WORD', questionText: 'Дополнительное слово.', rightAnswers: ['налог'], qEgeNum: 2, qLessonNum: 6, isPublished: '1' }] });
    expect(withDop).toMatchObject({ questionIds: [], dopQuestionIds: [expect.any(Number)] });
    const attached = await db().selectFrom('homework_questions_p1').select(['is_dop', 'question_id']).where('ht_num', '=', 6).execute();
    expect(attached).toEqual([{ is_dop: 1, question_id: withDop.dopQuestionIds[0] }]);

    await setHomeworkRules(server, [HT, 6], { deadlineAt: 1_000, p2SelfCheck: true });
    const rows = await db().selectFrom('homeworks').select(['num', 'deadline_at', 'p2_self_check', 'p1_time_limit_min']).where('num', 'in', [HT, 6]).orderBy('num').execute();
    expect(rows.map((row) => [row.num, row.deadline_at, row.p2_self_check])).toEqual([
      [HT, 1_000, 1],
      [6, 1_000, 1],
    ]);
    // Rules left out stay as they were.
    expect(rows[0]!.p1_time_limit_min).toBe(20);
  });

  it('sets a work’s progress, creating the row or changing only the fields given', async () => {
    const student = await makeStudent(server);
    expect(await homeworkProgressOf(server, student.id, 3)).toBeUndefined();
    await setHomeworkProgress(server, student.id, 3, { p1: { status: 'Готово', points: 7 }, p2: { status: 'Выполняется', startedAt: 1 } });
    await setHomeworkProgress(server, student.id, 3, { p2: { late: true } });
    expect(await homeworkProgressOf(server, student.id, 3)).toMatchObject({ status_p1: 'Готово', points_p1: 7, status_p2: 'Выполняется', p2_started_at: 1, p2_late: 1, points_p2: null });
    expect(await homeworkProgressOf(server, student.id, 3, true)).toBeUndefined();
  });
  it('moves a credit’s window and a running attempt, and records an oral credit’s result', async () => {
    await setCreditRules(server, 3, { startsAt: 5_000, deadlineAt: null });
    expect(await db().selectFrom('credits_auto').select(['starts_at', 'deadline_at']).where('num', '=', 3).executeTakeFirstOrThrow()).toEqual({ starts_at: 5_000, deadline_at: null });
    const student = await makeStudent(server);
    // No attempt yet: nothing to move, and the factory says so instead of doing nothing.
    await expect(startedCreditAgo(server, student, 1, 60_000)).rejects.toThrow(/no attempt/);
    await db().insertInto('user_credits_auto').values({ user_id: student.id, credit_num: 1, started_at: Date.now(), updated_at: Date.now() }).execute();
    const before = Date.now();
    await startedCreditAgo(server, student, 1, 60_000);
    const { started_at } = await db().selectFrom('user_credits_auto').select('started_at').where('user_id', '=', student.id).executeTakeFirstOrThrow();
    expect(started_at).toBeGreaterThanOrEqual(before - 60_000);
    expect(started_at).toBeLessThanOrEqual(Date.now() - 60_000);
    await setVerbalCreditResult(server, student, 2, { status: 'Сдан', grade: '5' });
    expect(await db().selectFrom('user_credits_verbal').select(['credit_num', 'status', 'grade', 'comment_html']).where('user_id', '=', student.id).execute()).toEqual([{ credit_num: 2, status: 'Сдан', grade: '5', comment_html: '' }]);
  });
});
