import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shell } from '../../../src/shared/contract';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('shell calls on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('lists the icons a student may hide, in settings order, with group heads', async () => {
    const socket = await (await server.signIn('student')).openLive();
    const { icons } = await socket.request(shell.getIconsForHide, {});
    const keys = icons.map((icon) => icon.key);
    expect(keys).toContain('calendar');
    expect(keys).not.toContain('lk');
    expect(keys).not.toContain('curator');
    expect(icons.find((icon) => icon.key === 'trains')).toMatchObject({ group: 'trains', chapter: '1', status: '1' });
    const groupsInOrder = [...new Set(icons.map((icon) => icon.group))];
    expect(groupsInOrder).toEqual(['main', 'roadmap', 'trains', 'search', 'none']);
    socket.close();
  });

  it('hides and shows an icon group, pushing new flags to every socket of the user', async () => {
    const student = await server.signIn('student');
    const a = await student.openLive();
    const b = await student.openLive();
    await b.waitFor((message) => message.method === shell.updateIcons.path);
    const pushed = b.nextPush(shell.updateIcons);
    await a.request(shell.setIcons, { icons: { search: '0', searchVideo: '0', searchTermin: '0' } });
    const { icons } = shell.updateIcons.body.parse((await pushed).body);
    expect(icons).toMatchObject({ search: '0', searchVideo: '0', searchTermin: '0', calendar: '1' });
    const listed = await a.request(shell.getIconsForHide, {});
    expect(listed.icons.find((icon) => icon.key === 'searchVideo')?.status).toBe('0');

    const shown = b.nextPush(shell.updateIcons);
    await a.request(shell.setIcons, { icons: { search: '1', searchVideo: '1', searchTermin: '1' } });
    expect(shell.updateIcons.body.parse((await shown).body).icons.searchVideo).toBe('1');
    a.close();
    b.close();
  });

  it('refuses to toggle an icon the user may not have', async () => {
    const socket = await (await server.signIn('student')).openLive();
    const reply = await socket.requestRaw(shell.setIcons.path, { icons: { curator: '1' } });
    expect(reply.success).toBe('0');
    expect(reply.message).toContain('curator');
    const empty = await socket.requestRaw(shell.setIcons.path, { icons: {} });
    expect(empty.success).toBe('0');
    socket.close();
  });

  it('says whether the messenger bot is linked', async () => {
    const socket = await (await server.signIn('partial')).openLive();
    expect((await socket.request(shell.checkSubBotTg, {})).isSubscribed).toBe('0');
    await server.server.services.db.updateTable('users').set({ tg_id: '777001', tg_nickname: 'artem_l' }).where('login', '=', 'partial').execute();
    expect((await socket.request(shell.checkSubBotTg, {})).isSubscribed).toBe('1');
    socket.close();
  });

  it('reads public admin variables and refuses private names', async () => {
    const student = await server.signIn('student');
    const { variablesStr } = await student.call(shell.getVariablesStr, { variableNames: ['AVATAR_INFO', 'APP_LINK_IOS'] });
    expect(variablesStr.AVATAR_INFO).toContain('Енот');
    expect(variablesStr.APP_LINK_IOS).toBe('');
    const secret = await student.callRaw(shell.getVariablesStr, { variableNames: ['ZOOM_CLIENT_SECRET'] });
    expect(secret.status).toBe(400);
    expect(secret.body.message).toMatch(/^Поле "variableNames/);
  });
});
