import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crm, rating, schoolStats } from '../../../src/shared/contract';
import { ONLY_OWN_STUDENTS } from './handlers';
import { grantGroup, makeCurator, makeStudent, revokeGroup, userIdOf } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { schoolFigures } from './school-figures';

/** 12:00 in Moscow on 20 November 2026. */
const NOW = Date.parse('2026-11-20T09:00:00Z');
const at = (month: string) => Date.parse(`${month}-15T09:00:00Z`);

describe.each(testDialects)('curator and school statistics on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('matches the hand-computed fixture', async () => {
    const { db, dialect: sqlDialect } = server.server.services;
    await db.deleteFrom('ledger_entries').execute();
    const ids: Record<string, number> = {};
    for (const [login, type] of [['a', 'Ученик'], ['b', 'Ученик'], ['c', 'Ученик'], ['d', 'Ученик'], ['e', 'Неактивный'], ['f', 'Неактивный']] as const) {
      ids[login] = (await makeStudent(server, { login: `fixture-${login}`, type, createdAt: NOW })).id;
    }
    const admin = await db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow();
    const charge = (user: number, month: string, rubles: number) => ({ user_id: user, amount_kopecks: -rubles * 100, kind: 'purchase', basis: 'Оплата тарифа', comment: '', order_number: null, created_at: at(month) });
    await db
      .insertInto('ledger_entries')
      .values([
        ...['2025-10', '2026-09', '2026-10', '2026-11'].map((month) => charge(ids.a!, month, 3000)),
        ...['2025-10', '2026-09', '2026-10'].map((month) => charge(ids.b!, month, 3000)),
        charge(ids.c!, '2026-09', 5000),
        ...['2026-10', '2026-11'].map((month) => charge(ids.d!, month, 2000)),
        charge(ids.e!, '2025-10', 3000),
        charge(ids.f!, '2025-10', 3000),
        // Not payments of a student: a top-up, and staff.
        { ...charge(ids.a!, '2026-10', 3000), amount_kopecks: 300000, kind: 'topup' },
        charge(admin.id, '2026-10', 100000),
      ])
      .execute();
    const figures = await schoolFigures(db, sqlDialect, NOW);
    expect(figures).toEqual({
      // (401 + 395 + 30 + 36 + 30 + 30) / 6 days.
      averageStudyPeriod: 154,
      // October 2025 {a, b, e, f} → October 2026 {a, b, d}: e and f left.
      churnRateLastYear: 50,
      // September 2026 {a, b, c} → October 2026 {a, b, d}: c left.
      churnRateLastMonth: 33.3,
      retentionMonths: ['2026-09', '2026-10', '2026-11'],
      retentionRate: [1, 0.667, 0.333],
      // 36 000 ₽ over six paying students.
      lifetimeValue: 6000,
      // Eleven demo students of the paying types and a, b, c, d.
      currentStudentsCount: 15,
    });
    const socket = await (await server.signIn('admin')).openLive();
    const live = await socket.request(schoolStats.getSchoolStatistics, {});
    expect(live.currentStudentsCount).toBe(15);
    expect(live.retentionMonths[0]).toMatch(/-09$/);
    socket.close();
  });

  it('ranks a curator’s students by solved share; closed to students', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const { curators } = await socket.request(schoolStats.getListCurators, { onlyCurators: '1' });
    expect(curators.map((curator) => curator.curatorFullName)).toEqual(['Соколов Дмитрий']);
    const { usersStatistics } = await socket.request(schoolStats.getUsersStatistics, { curatorId: curators[0]!.curatorId });
    expect(usersStatistics.length).toBeGreaterThan(5);
    expect(usersStatistics.map((row) => row.place)).toEqual(usersStatistics.map((_, index) => index + 1));
    const percents = usersStatistics.map((row) => row.solvedPercent);
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    // The chapters popup reads the existing chapter statistics of that student.
    const chapters = await socket.request(rating.getChaptersStatistics, { userId: usersStatistics[0]!.userId });
    expect(chapters.solvedPercent).toBe(usersStatistics[0]!.solvedPercent);
    expect((await socket.requestRaw(schoolStats.getUsersStatistics.path, { curatorId: 999999 })).message).toBe('Куратор не найден.');
    socket.close();
    const student = await (await server.signIn('student')).openLive();
    expect((await student.requestRaw(schoolStats.getSchoolStatistics.path, {})).message).toBe('Недостаточно прав для этого действия.');
    student.close();
  });

  it('shows a curator only their own students, like the CRM; admins and main managers everyone', async () => {
    const demoCurator = { id: await userIdOf(server, 'curator') };
    // A second curator (signs in with the demo password) and a student of theirs with a nickname.
    const other = await makeCurator(server, { login: 'curator-other', surname: 'Орлова', name: 'Анна' });
    const pupil = await makeStudent(server, { login: 'pupil-other', surname: 'Тайнова', name: 'Вера', curator: other, profile: { userTgNickname: 'secret_vera' } });
    const pupilKey = pupil.key;

    const curator = await server.signIn('curator');
    const socket = await curator.openLive();
    // Their own list works and the select offers only themselves.
    const own = await socket.request(schoolStats.getUsersStatistics, { curatorId: demoCurator.id });
    expect(own.usersStatistics.length).toBeGreaterThan(5);
    expect((await socket.request(schoolStats.getListCurators, { onlyCurators: '1' })).curators).toEqual([{ curatorId: String(demoCurator.id), curatorFullName: 'Соколов Дмитрий' }]);
    // Another curator's students: refused, with nothing of theirs in the answer; the CRM refuses the same person.
    const refused = await socket.requestRaw(schoolStats.getUsersStatistics.path, { curatorId: other.id });
    expect(refused).toEqual({ success: '0', message: ONLY_OWN_STUDENTS });
    expect((await socket.requestRaw(rating.getChaptersStatistics.path, { userId: pupilKey })).success).toBe('0');
    expect((await curator.callRaw(crm.getUser, { userVkId: pupilKey })).body.success).toBe('0');
    socket.close();

    const adminSocket = await (await server.signIn('admin')).openLive();
    const seenByAdmin = await adminSocket.request(schoolStats.getUsersStatistics, { curatorId: other.id });
    expect(seenByAdmin.usersStatistics.map((row) => row.tgNickname)).toEqual(['secret_vera']);
    expect((await adminSocket.request(schoolStats.getListCurators, { onlyCurators: '1' })).curators.map((row) => row.curatorFullName)).toEqual(['Орлова Анна', 'Соколов Дмитрий']);
    adminSocket.close();

    // A curator in the USERS_MAIN_MANAGERS group sees every curator's students, as in the CRM.
    await grantGroup(server, 'curator', 'USERS_MAIN_MANAGERS');
    const manager = await (await server.signIn('curator')).openLive();
    const seenByManager = await manager.request(schoolStats.getUsersStatistics, { curatorId: other.id });
    expect(seenByManager.usersStatistics.map((row) => row.userSurname)).toEqual(['Тайнова']);
    expect((await manager.request(rating.getChaptersStatistics, { userId: pupilKey })).solvedPercent).toBe(0);
    expect((await manager.request(schoolStats.getListCurators, { onlyCurators: '1' })).curators).toHaveLength(2);
    manager.close();
    await revokeGroup(server, 'curator', 'USERS_MAIN_MANAGERS');
  });
});
