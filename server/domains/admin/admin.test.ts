import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, shell } from '../../../src/shared/contract';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('admin icons and groups on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('an admin excluding a role from an icon removes the button live for that role only', async () => {
    const adminSocket = await (await server.signIn('admin')).openLive();
    const student = await (await server.signIn('student')).openLive();
    const intensive = await (await server.signIn('intensive')).openLive();
    await student.waitFor((message) => message.method === shell.updateIcons.path);
    await intensive.waitFor((message) => message.method === shell.updateIcons.path);

    const { icons } = await adminSocket.request(admin.getAvailableIcons, {});
    const ratings = icons.find((icon) => icon.name === 'ratings')!;
    expect(ratings.roles).toEqual(['all']);

    const studentPush = student.nextPush(shell.updateIcons);
    const intensivePush = intensive.nextPush(shell.updateIcons);
    await adminSocket.request(admin.updateAvailableIcon, { icon: 'ratings', roles: ['all'], exclude: ['Неактивный', 'Ученик'], groups: [] });
    expect(shell.updateIcons.body.parse((await studentPush).body).icons.ratings).toBe('0');
    expect(shell.updateIcons.body.parse((await intensivePush).body).icons.ratings).toBe('1');

    // The same rule now guards access: the stored configuration is what the server reads.
    const after = await adminSocket.request(admin.getAvailableIcons, {});
    expect(after.icons.find((icon) => icon.name === 'ratings')?.exclude).toEqual(['Неактивный', 'Ученик']);
    for (const socket of [adminSocket, student, intensive]) socket.close();
  });

  it('validates role lists as the settings screen does', async () => {
    const socket = await (await server.signIn('admin')).openLive();
    const withAll = await socket.requestRaw(admin.updateAvailableIcon.path, { icon: 'files', roles: ['all', 'Куратор'], exclude: [], groups: [] });
    expect(withAll.success).toBe('0');
    expect(withAll.message).toMatch(/^Поле "roles"/);
    const both = await socket.requestRaw(admin.updateAvailableIcon.path, { icon: 'files', roles: ['Куратор'], exclude: ['Куратор'], groups: [] });
    expect(both.message).toMatch(/^Поле "exclude"/);
    socket.close();
  });

  it('is closed to curators and students', async () => {
    for (const login of ['curator', 'student']) {
      const socket = await (await server.signIn(login)).openLive();
      expect(await socket.requestRaw(admin.getAvailableIcons.path, {})).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
      socket.close();
    }
  });

  it('adding a curator to a group opens its button live; single-member groups hold one user', async () => {
    const adminSocket = await (await server.signIn('admin')).openLive();
    const curator = await (await server.signIn('curator')).openLive();
    const initial = shell.updateIcons.body.parse((await curator.waitFor((m) => m.method === shell.updateIcons.path)).body).icons;
    expect(initial.adminSchoolStatistics).toBe('0');

    const { users, usersForGroups } = await adminSocket.request(admin.getUsersForGroups, {});
    const curatorId = users.find((user) => user.userFullName === 'Соколов Дмитрий')!.userId;
    expect(usersForGroups.USERS_VIDEO_EDITORS?.map((user) => user.userId)).toContain(curatorId);

    const pushed = curator.nextPush(shell.updateIcons);
    await adminSocket.request(admin.updateGroupAccess, { group: 'USERS_VIEWING_GENERAL_STAT', usersForGroup: [curatorId] });
    expect(shell.updateIcons.body.parse((await pushed).body).icons.adminSchoolStatistics).toBe('1');

    const adminId = users.find((user) => user.userFullName === 'Миронова Ольга')!.userId;
    const tooMany = await adminSocket.requestRaw(admin.updateGroupAccess.path, { group: 'USER_ANSWERER_DZ', usersForGroup: [curatorId, adminId] });
    expect(tooMany.success).toBe('0');
    const unknown = await adminSocket.requestRaw(admin.updateGroupAccess.path, { group: 'USERS_EDIT_DZ', usersForGroup: [999999] });
    expect(unknown).toEqual({ success: '0', message: 'Пользователь не найден.' });
    adminSocket.close();
    curator.close();
  });
});
