import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crm } from '../../../src/shared/contract';
import { linkAccounts } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { TestClient } from '../../../tests/helpers/client';

describe.each(testDialects)('users and the student card on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let curator: TestClient;
  const keyOf = async (login: string) => {
    const row = await server.server.services.db.selectFrom('users').select(['id', 'vk_id']).where('login', '=', login).executeTakeFirstOrThrow();
    return row.vk_id ?? `id${row.id}`;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    curator = await server.signIn('curator');
    // Egor linked his Telegram (the account screen does it through the widget).
    await linkAccounts(server, 'egor', { tgNickname: 'egor_vasiliev' });
  });
  afterAll(() => server.close());

  it('finds a student by tg: nickname, by name in any case and by key; a curator sees only their students', async () => {
    const byNick = await curator.call(crm.getUsers, { queryType: 'search', queryBody: 'tg:@EGOR_vas' });
    expect(byNick.users.map((user) => user.userName)).toEqual(['Егор']);
    const byName = await admin.call(crm.getUsers, { queryType: 'search', queryBody: 'васильев егор' });
    expect(byName.users).toHaveLength(1);
    expect(byName.users[0]).toMatchObject({ userSurname: 'Васильев', curator: 'Соколов Дмитрий', userTgNickname: 'egor_vasiliev' });
    const byKey = await admin.call(crm.getUsers, { queryType: 'search', queryBody: await keyOf('egor') });
    expect(byKey.users.map((user) => user.userName)).toEqual(['Егор']);
    // Literal text: a % in the search is not a wildcard.
    expect((await admin.call(crm.getUsers, { queryType: 'search', queryBody: '%' })).users).toEqual([]);

    const everyoneForAdmin = await admin.call(crm.getUsers, { queryType: 'search', queryBody: '' });
    const everyoneForCurator = await curator.call(crm.getUsers, { queryType: 'search', queryBody: '' });
    expect(everyoneForAdmin.users.some((user) => user.userType === 'Демо')).toBe(true);
    // The demo user has no curator: the curator does not see them, nor the admin.
    expect(everyoneForCurator.users.some((user) => user.userType === 'Демо' || user.userType === 'Админ')).toBe(false);
    expect(everyoneForCurator.users.length).toBeGreaterThan(5);

    const admins = await admin.call(crm.getUsers, { queryType: 'userType', queryBody: 'Admin' });
    expect(admins.users.map((user) => user.userSurname)).toEqual(['Миронова']);
    const mine = await curator.call(crm.getUsers, { queryType: 'curator', queryBody: '0' });
    expect(mine.users.length).toBe(everyoneForCurator.users.length);
    const bad = await curator.callRaw(crm.getUsers, { queryType: 'userType', queryBody: 'Boss' });
    expect(bad.body).toMatchObject({ success: '0', message: 'Неизвестный тип пользователя: Boss' });
  });

  it('shows the card to the curator read-only and lets the admin change only the fields sent', async () => {
    const egor = await keyOf('egor');
    const card = await curator.call(crm.getUser, { userVkId: egor });
    expect(card.user).toMatchObject({ userSurname: 'Васильев', userTgNickname: 'egor_vasiliev', canEdit: '0', userTarifNum: '2', userTarif: '3500' });
    expect(card.tarifs).toContainEqual({ tarifNumber: '3', tarifName: 'Тоталитарный' });
    expect((await curator.callRaw(crm.updateUser, { userVkId: egor, userSet: { userGoalBall: '80' } })).body).toMatchObject({ success: '0', message: 'Недостаточно прав для этого действия.' });

    expect((await admin.call(crm.getUser, { userVkId: egor })).user.canEdit).toBe('1');
    await admin.call(crm.updateUser, { userVkId: egor, userSet: { userGoalBall: '85', userGoalVuz: 'МГУ', userPayday: '10' } });
    const after = await admin.call(crm.getUser, { userVkId: egor });
    expect(after.user).toMatchObject({ userGoalBall: '85', userGoalVuz: 'МГУ', userPayday: '10', userSurname: 'Васильев' });
    const wrongDay = await admin.callRaw(crm.updateUser, { userVkId: egor, userSet: { userPayday: '32' } });
    expect(wrongDay.status).toBe(400);
    expect(wrongDay.body.message).toMatch(/userSet/);
    const unknownField = await admin.callRaw(crm.updateUser, { userVkId: egor, userSet: { password_hash: 'x' } });
    expect(unknownField.body.success).toBe('0');

    // Someone else's student (the demo user has no curator) is closed to the curator.
    const demo = await keyOf('demo');
    expect((await curator.callRaw(crm.getUser, { userVkId: demo })).body).toMatchObject({ success: '0', message: 'Недостаточно прав для этого действия.' });
    expect((await curator.callRaw(crm.getUser, { userVkId: 'id999999' })).body).toMatchObject({ success: '0', message: 'Пользователь не найден.' });
  });

  it('keeps a CRM comment thread per student, named by its author', async () => {
    const sofia = await keyOf('sofia');
    const socket = await curator.openLive();
    expect((await socket.request(crm.getUserCrmComment, { userId: sofia })).comments).toEqual([]);
    const added = await socket.request(crm.addCrmComment, { userId: sofia, comment: '  Позвонить маме по поводу оплаты  ' });
    expect(added.comment).toMatchObject({ comment: 'Позвонить маме по поводу оплаты', editorFullname: 'Соколов Дмитрий' });
    const empty = await socket.requestRaw(crm.addCrmComment.path, { userId: sofia, comment: '   ' });
    expect(empty.success).toBe('0');
    const adminSocket = await admin.openLive();
    const thread = await adminSocket.request(crm.getUserCrmComment, { userId: sofia });
    expect(thread.comments.map((comment) => comment.comment)).toEqual(['Позвонить маме по поводу оплаты']);
    expect((await socket.requestRaw(crm.getUserCrmComment.path, { userId: await keyOf('demo') })).message).toBe('Недостаточно прав для этого действия.');
    socket.close();
    adminSocket.close();
  });

  it('lists debtors from overdue homework and the ledger, for me or for every curator', async () => {
    const { db, clock } = server.server.services;
    const timofey = await db.selectFrom('users').select('id').where('login', '=', 'timofey').executeTakeFirstOrThrow();
    await db.insertInto('ledger_entries').values({ user_id: timofey.id, amount_kopecks: -150000, kind: 'purchase', basis: 'Оплата тарифа', comment: 'долг', order_number: null, created_at: clock.now() }).execute();
    const mine = await curator.call(crm.getCuratorDebtors, { curatorId: '0' });
    expect(mine.debtors.find((debtor) => debtor.userName === 'Тимофей')).toMatchObject({ balance: -1500, curatorSurname: 'Соколов' });
    const all = await admin.call(crm.getCuratorDebtors, { curatorId: '' });
    expect(all.debtors.length).toBeGreaterThanOrEqual(mine.debtors.length);
    const adminKey = await keyOf('admin');
    expect((await curator.callRaw(crm.getCuratorDebtors, { curatorId: adminKey })).body.message).toBe('Недостаточно прав для этого действия.');
    const curators = await curator.call(crm.getCurators, {});
    expect(curators.curators.map((row) => row.userSurname)).toEqual(['Миронова', 'Соколов']);
  });
});
