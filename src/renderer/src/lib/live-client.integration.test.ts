import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { changeAvatarName } from '../../../shared/contract/pet';
import { getIconsForHide, setIcons, updateIcons } from '../../../shared/contract/shell';
import { ru } from '../i18n/ru';
import type { BodyOf } from '../../../shared/contract/core';
import { startTestServer, type TestServer } from '../../../../tests/helpers/server';
import { createLiveClient, signedSocketUrl, type LiveSocketConstructor } from './live-client';

/** The live client against the real server, with the `ws` package standing in for the browser's WebSocket. */
describe('live client against the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function connect(login: string) {
    const signedIn = await server.signIn(login);
    const session = signedIn.session!;
    const onSignedOut = vi.fn();
    const client = createLiveClient({
      url: (ts) => signedSocketUrl(server.url, session, ts),
      onSignedOut,
      WebSocketImpl: WebSocket as unknown as LiveSocketConstructor,
    });
    return { client, session, onSignedOut };
  }

  const db = () => server.server.services.db;
  const revoke = (device: string) =>
    db().updateTable('sessions').set({ revoked_at: server.server.services.clock.now() }).where('device', '=', device).execute();
  const currentPage = async (login: string) =>
    (await db().selectFrom('users').select('current_page').where('login', '=', login).executeTakeFirstOrThrow()).current_page;

  it('receives the icons push, calls requests, reports the page and signs out when the session is revoked', async () => {
    const { client, session, onSignedOut } = await connect('student');
    // Registered before the socket opens: the server pushes the flags right on connect.
    const icons = new Promise<BodyOf<typeof updateIcons>>((resolve) => client.on(updateIcons, resolve));
    client.setCurrentPage('/study/lk');

    expect((await icons).icons).toMatchObject({ lk: '1', roadmap: '1', curator: '0' });
    expect(client.status).toBe('online');

    const forHide = await client.request(getIconsForHide, {});
    expect(forHide.icons.length).toBeGreaterThan(0);
    // Messages of a socket run in order: the page was stored before the request was answered.
    expect(await currentPage('student')).toBe('/study/lk');

    await expect(client.request(setIcons, { icons: {} })).rejects.toMatchObject({ kind: 'failure', code: '0' });

    await revoke(session.device);
    await expect(client.request(getIconsForHide, {})).rejects.toMatchObject({ kind: 'signedOut' });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(client.status).toBe('offline');
  });

  it('gives people the reason of a field refusal, never the field, and keeps the raw message for developers', async () => {
    const { client } = await connect('varvara');
    const refusal = (input: unknown) => client.request(changeAvatarName, input as never).then(() => null, (error: unknown) => error);
    const named = await refusal({ avatarId: 1, newName: '<b>' });
    expect(named).toMatchObject({ kind: 'failure', message: 'Имя может состоять из букв, цифр, пробелов, точки, апострофа и дефиса' });
    expect(named).toMatchObject({ body: { message: expect.stringMatching(/^Поле "newName": имя может/) } });
    // A reason in the validator's own technical words becomes one plain sentence.
    expect(await refusal({ avatarId: 'один', newName: 'Енот' })).toMatchObject({ kind: 'failure', message: ru.common.invalidInput });
    client.close();
  });

  it('signs out when the session is already revoked at connect (4401)', async () => {
    const signedIn = await server.signIn('sofia');
    await revoke(signedIn.session!.device);
    const onSignedOut = vi.fn();
    const client = createLiveClient({
      url: (ts) => signedSocketUrl(server.url, signedIn.session!, ts),
      onSignedOut,
      WebSocketImpl: WebSocket as unknown as LiveSocketConstructor,
    });
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(client.status).toBe('offline');
  });

  it('reconnects after the connection drops and reports the current page again', async () => {
    const { client } = await connect('egor');
    client.setCurrentPage('/study/calendar');
    await vi.waitFor(() => expect(client.status).toBe('online'), { timeout: 5_000 });
    const reconnected = vi.fn();
    client.onReconnect(reconnected);

    const userId = (await db().selectFrom('users').select('id').where('login', '=', 'egor').executeTakeFirstOrThrow()).id;
    await db().updateTable('users').set({ current_page: null }).where('id', '=', userId).execute();
    // A vanished peer, not a clean close: the client retries after 7 s.
    for (const connection of server.server.hub.connectionsOf(userId)) connection.ws.terminate();
    await vi.waitFor(() => expect(client.status).toBe('offline'), { timeout: 5_000 });

    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 12_000, interval: 200 });
    expect(client.status).toBe('online');
    await vi.waitFor(async () => expect(await currentPage('egor')).toBe('/study/calendar'), { timeout: 5_000 });
    client.close();
  });
});
