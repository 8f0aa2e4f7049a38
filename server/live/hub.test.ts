import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, shell } from '../../src/shared/contract';
import { startTestServer, testDialects, type TestServer } from '../../tests/helpers/server';

describe.each(testDialects)('live socket hub on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('pushes the display flags on connect, computed from the icons configuration', async () => {
    const student = await server.signIn('student');
    const socket = await student.openLive();
    const push = await socket.waitFor((message) => message.method === shell.updateIcons.path);
    const { icons } = shell.updateIcons.body.parse(push.body);
    expect(icons).toMatchObject({ lk: '1', roadmap: '1', calendar: '1', trainP1: '1', curator: '0', changeVariables: '0' });
    socket.close();

    const inactive = await (await server.signIn('inactive')).openLive();
    const inactiveIcons = shell.updateIcons.body.parse((await inactive.waitFor((m) => m.method === shell.updateIcons.path)).body).icons;
    expect(inactiveIcons).toMatchObject({ lk: '1', finances: '1', trainP1: '0', calendar: '0', ratings: '0' });
    inactive.close();

    const curator = await (await server.signIn('curator')).openLive();
    const curatorIcons = shell.updateIcons.body.parse((await curator.waitFor((m) => m.method === shell.updateIcons.path)).body).icons;
    // Video lessons come from the USERS_VIDEO_EDITORS group, not from the Куратор type.
    expect(curatorIcons).toMatchObject({ curator: '1', standards: '1', curatorVideoLessons: '1', changeVariables: '0', textbooks: '0' });
    curator.close();
  });

  it('accepts a JSON-encoded string body and answers with success and message', async () => {
    const socket = await (await server.signIn('student')).openLive();
    const reply = await socket.requestRaw(shell.updateCurrentPage.path, JSON.stringify({ page: 'roadmap' }));
    expect(reply).toEqual({ success: '1', message: '' });
    const row = await server.server.services.db.selectFrom('users').select('current_page').where('login', '=', 'student').executeTakeFirstOrThrow();
    expect(row.current_page).toBe('roadmap');
    socket.close();
  });

  it('does not answer requestNoResponse but still runs it', async () => {
    const socket = await (await server.signIn('sofia')).openLive();
    socket.send({ messageType: 'requestNoResponse', requestId: 'quiet', method: shell.updateCurrentPage.path, body: { page: 'calendar' } });
    // A later request is answered; the quiet one never is.
    expect((await socket.requestRaw(shell.checkSubBotTg.path, {})).success).toBe('1');
    expect(socket.messages.some((message) => message.requestId === 'quiet')).toBe(false);
    const row = await server.server.services.db.selectFrom('users').select('current_page').where('login', '=', 'sofia').executeTakeFirstOrThrow();
    expect(row.current_page).toBe('calendar');
    socket.close();
  });

  it('tracks acknowledgements of server requests and forgets unanswered ones', async () => {
    const student = await server.signIn('egor');
    const socket = await student.openLive();
    await socket.waitFor((message) => message.method === shell.updateIcons.path);
    const userId = (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'egor').executeTakeFirstOrThrow()).id;
    const [connection] = server.server.hub.connectionsOf(userId);
    // The test client does not answer by itself: first no answer, then an answer.
    expect(await server.server.hub.requestLocal(connection!, '/test/ping', { n: 1 }, 200)).toBe(false);
    const answered = server.server.hub.requestLocal(connection!, '/test/ping', { n: 2 }, 2_000);
    const request = await socket.waitFor((message) => message.messageType === 'requestWithResponse' && message.body?.n === 2);
    socket.send({ messageType: 'response', requestId: request.requestId, method: '/test/ping', body: { success: '1', message: '' } });
    expect(await answered).toBe(true);
    expect(connection!.pending.size).toBe(0);
    socket.close();
  });

  it('answers -1 and closes with 4401 once the session is revoked mid-connection', async () => {
    const student = await server.signIn('maxim');
    const socket = await student.openLive();
    await student.call(account.getUserInfo, {});
    await server.server.services.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('device', '=', student.session!.device).execute();
    const reply = await socket.requestRaw(shell.checkSubBotTg.path, {});
    expect(reply.success).toBe('-1');
    expect(await socket.waitForClose()).toBe(4401);
  });

  it('delivers a push to every socket of the user and to no one else', async () => {
    const first = await (await server.signIn('varvara')).openLive();
    const second = await (await server.signIn('varvara')).openLive();
    const other = await (await server.signIn('timofey')).openLive();
    const userId = (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'varvara').executeTakeFirstOrThrow()).id;
    const icons = shell.updateIcons.body.parse((await first.waitFor((m) => m.method === shell.updateIcons.path)).body).icons;
    const nextA = first.nextPush(shell.updateIcons);
    const nextB = second.nextPush(shell.updateIcons);
    await server.server.services.live.push(userId, shell.updateIcons, { icons });
    await Promise.all([nextA, nextB]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.messages.filter((message) => message.method === shell.updateIcons.path)).toHaveLength(1);
    for (const socket of [first, second, other]) socket.close();
  });
});
