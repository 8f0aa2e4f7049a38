import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, type CallContract } from '../../src/shared/contract';
import { accessAllowed } from '../../server/auth/current-user';
import { TestClient } from '../helpers/client';
import { loadDemoUsers } from '../helpers/demo-users';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

const calls = allContracts.filter((contract): contract is CallContract => contract.kind === 'http' || contract.kind === 'live');
const signedHttp = calls.filter((contract) => contract.kind === 'http' && contract.access.kind !== 'public');
const signedLive = calls.filter((contract) => contract.kind === 'live');

/**
 * ARCHITECTURE §3 'access', over every registered contract at once: unsigned, badly signed and
 * replayed calls are refused, and a user type the rule excludes is denied by the server.
 */
describe.each(testDialects)('access rules on %s', (dialect) => {
  let server: TestServer;
  const clients = new Map<string, TestClient>();
  const client = async (login: string) => {
    if (!clients.has(login)) clients.set(login, await server.signIn(login));
    return clients.get(login)!;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it.each(signedHttp.map((contract) => [contract.path, contract] as const))('%s: unsigned → -1', async (_path, contract) => {
    const reply = await server.anonymous.post(contract.path, {});
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe('-1');
  });

  it.each(signedHttp.map((contract) => [contract.path, contract] as const))('%s: wrong token → -1', async (_path, contract) => {
    const student = await client('student');
    const forged = new TestClient(server.url, { ...student.session!, token: 'f'.repeat(64) });
    const reply = await forged.post(contract.path, await forged.sign(contract.path, {}));
    expect(reply.body.success).toBe('-1');
  });

  it.each(signedHttp.map((contract) => [contract.path, contract] as const))('%s: replayed → refused (a read-only call: answered as before)', async (_path, contract) => {
    // A throwaway session: some calls (logout) end the session they are made with.
    const admin = await server.signIn('admin');
    const payload = await admin.sign(contract.path, {});
    const first = await admin.post(contract.path, payload);
    const second = await admin.post(contract.path, payload);
    expect(first.body.success).not.toBe('-1');
    if (contract.readOnly) {
      // A read-only call is not recorded for replay (read-only-calls.test.ts): the replay answers as the captured call did.
      expect({ status: second.status, success: second.body.success, message: second.body.message }).toEqual({ status: first.status, success: first.body.success, message: first.body.message });
      return;
    }
    expect(second.body.success).not.toBe('1');
    if (second.body.success === '0') expect(second.body.message).toMatch(/Повторный запрос/);
  });

  it('denies every restricted call to a user type its rule excludes, and lets allowed types through', async () => {
    const users = await loadDemoUsers(server);
    const icons = await server.server.services.iconRules.get();
    let checked = 0;
    // 'signedIn' refuses no signed-in user, and calling some of those (logout) would end the session.
    const restricted = [...signedHttp, ...signedLive].filter((contract) => contract.access.kind !== 'signedIn');
    expect(restricted.length).toBeGreaterThan(0);
    // One live socket per user for all live calls (reopened if a call closed it): opening one per
    // call made this test the slowest of the suite as restricted live calls were added.
    const sockets = new Map<string, Awaited<ReturnType<TestClient['openLive']>>>();
    const liveOf = async (login: string) => {
      const open = sockets.get(login);
      if (open && open.closeCode === undefined) return open;
      const socket = await (await client(login)).openLive();
      sockets.set(login, socket);
      return socket;
    };
    for (const contract of restricted) {
      for (const [login, user] of users) {
        const allowed = await accessAllowed(contract.access, user, icons);
        const caller = await client(login);
        let reply: { success: string; message: string };
        if (contract.kind === 'http') reply = (await caller.callRaw(contract, {})).body;
        else reply = await (await liveOf(login)).requestRaw(contract.path, {});
        if (allowed) expect(reply.message, `${login} ${contract.path}`).not.toBe('Недостаточно прав для этого действия.');
        else {
          expect(reply, `${login} ${contract.path}`).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
          checked += 1;
        }
      }
    }
    // The admin settings calls exist, so at least those are refused to students.
    expect(checked).toBeGreaterThan(0);
    for (const socket of sockets.values()) socket.close();
    // Every call × every demo user, one after another: grows with the catalogue, hence its own limit.
  }, 180_000);

  it('refuses an unsigned, forged or replayed live socket', async () => {
    const student = await client('student');
    const forged = new TestClient(server.url, { ...student.session!, token: '0'.repeat(64) });
    expect(await (await forged.openLive()).waitForClose()).toBe(4401);
    const unknown = new TestClient(server.url, { ...student.session!, device: 'nope' });
    expect(await (await unknown.openLive()).waitForClose()).toBe(4401);

    const { signSocketQuery } = await import('../../src/shared/signing');
    const query = await signSocketQuery('/go/online/ws', student.session!, Date.now());
    const url = `${server.url.replace('http', 'ws')}/go/online/ws?device=${query.device}&ts=${query.ts}&signature=${query.signature}`;
    const { LiveTestSocket } = await import('../helpers/client');
    const first = await LiveTestSocket.open(url);
    await first.waitFor((message) => message.method === '/app_general/update_icons');
    const replay = await LiveTestSocket.open(url);
    expect(await replay.waitForClose()).toBe(4400);
    first.close();
  });
  it('refuses every stream without cookies or with forged or stale ones, and every upload without signed data, with no bytes', async () => {
    const { signStreamCookies } = await import('../../src/shared/signing');
    const student = await client('student');
    const good = await signStreamCookies(student.session!, Date.now());
    const variants = [
      undefined,
      `device=${good.device}; ts=${good.ts}; signature=${'0'.repeat(64)}`,
      Object.entries(await signStreamCookies(student.session!, Date.now() - 11 * 60_000)).map(([name, value]) => `${name}=${value}`).join('; '),
    ];
    const streams = allContracts.filter((contract) => contract.kind === 'stream');
    expect(streams.length).toBeGreaterThan(0);
    for (const contract of streams) {
      for (const cookie of variants) {
        const response = await fetch(`${server.url}${contract.path}?video_id=1&segment=seg_00000.ts`, { headers: cookie ? { cookie } : {} });
        expect(response.status, `${contract.path} ${cookie ?? 'no cookie'}`).toBe(401);
        expect(((await response.json()) as { success: string }).success).toBe('0');
      }
    }
    const uploads = allContracts.filter((contract) => contract.kind === 'upload');
    expect(uploads.length).toBeGreaterThan(0);
    for (const contract of uploads) {
      const form = new FormData();
      form.append('data', JSON.stringify({ videoId: 1 }));
      form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), 'f.png');
      const response = await fetch(server.url + contract.path, { method: 'POST', body: form });
      expect(response.status, contract.path).toBe(401);
      expect(((await response.json()) as { success: string }).success).toBe('-1');
      // A student's own signature is not enough: uploads are for video editors.
      const signed = new FormData();
      signed.append('data', JSON.stringify(await student.sign(contract.path, { videoId: 1 })));
      signed.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), 'f.png');
      expect((await fetch(server.url + contract.path, { method: 'POST', body: signed })).status, contract.path).toBe(403);
    }
  });
});
