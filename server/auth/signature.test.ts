import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth } from '../../src/shared/contract';
import { signPayload, signSocketQuery } from '../../src/shared/signing';
import { LiveTestSocket, TestClient } from '../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../tests/helpers/server';

const MINUTE = 60 * 1000;
const SIGNED_OUT = 'Сессия завершена. Войдите снова.';
const REPLAY = 'Повторный запрос отклонён. Повторите действие.';
const PATH = account.getUserInfo.path;

describe.each(testDialects)('request signatures on %s', (dialect) => {
  let server: TestServer;
  let student: TestClient;
  let curator: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    [student, curator] = await Promise.all([server.signIn('student'), server.signIn('curator')]);
  });
  afterAll(() => server?.close());

  const now = () => server.server.services.clock.now();

  function expectSignedOut(reply: { status: number; body: Record<string, unknown> }) {
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: '-1', message: SIGNED_OUT });
  }

  it('accepts a correctly signed call, extra nested fields included', async () => {
    const payload = await student.sign(PATH, { extra: { nested: { value: 1, list: [1, 'два', { deep: true }] } } });
    const reply = await student.post(PATH, payload);
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe('1');
    expect((reply.body.userInfo as Record<string, string>).user_name).toBe('Алиса');
  });

  it('does not depend on key order: the canonical form sorts keys', async () => {
    const payload = await student.sign(PATH, { b: 1, a: { y: 2, x: 3 } });
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    reordered.a = { x: 3, y: 2 };
    expect((await student.post(PATH, reordered)).body.success).toBe('1');
  });

  it('refuses a tampered field, nested or not, with -1 and HTTP 401', async () => {
    const tamperings: Array<(payload: Record<string, unknown>) => void> = [
      (payload) => (payload.top = 'подмена'),
      (payload) => ((payload.extra as { nested: { value: number } }).nested.value = 2),
      (payload) => ((payload.extra as { nested: { list: unknown[] } }).nested.list.push('ещё')),
      (payload) => ((payload.extra as { nested: Record<string, unknown> }).nested.added = null),
      (payload) => delete payload.top,
      (payload) => (payload.ts = (payload.ts as number) + 1),
    ];
    for (const tamper of tamperings) {
      const payload = await student.sign(PATH, { top: 'как было', extra: { nested: { value: 1, list: [1] } } });
      tamper(payload);
      expectSignedOut(await student.post(PATH, payload));
    }
  });

  it('binds the signature to the path: a payload signed for one call is refused by another', async () => {
    const payload = await student.sign(PATH, {});
    expectSignedOut(await student.post(auth.logout.path, payload));
    // The logout did not happen: the session still works.
    expect((await student.callRaw(account.getUserInfo, {})).body.success).toBe('1');
  });

  it('refuses a signature made with a wrong token, or a device swapped to another session', async () => {
    const forged = await signPayload(PATH, {}, { device: student.session!.device, token: 'f'.repeat(64) }, Date.now());
    expectSignedOut(await student.post(PATH, forged));
    const withCuratorToken = await signPayload(PATH, {}, { device: student.session!.device, token: curator.session!.token }, Date.now());
    expectSignedOut(await student.post(PATH, withCuratorToken));
    const swapped = await student.sign(PATH, {});
    swapped.device = curator.session!.device;
    expectSignedOut(await student.post(PATH, swapped));
    const unknownDevice = await signPayload(PATH, {}, { device: 'dnope', token: student.session!.token }, Date.now());
    expectSignedOut(await student.post(PATH, unknownDevice));
  });

  it.each([
    ['6 minutes old', -6 * MINUTE],
    ['6 minutes ahead', 6 * MINUTE],
  ])('answers 0 with HTTP 400 and serverTime to a ts %s', async (_label, shift) => {
    const before = now();
    const reply = await student.post(PATH, await student.sign(PATH, {}, Date.now() + shift));
    const after = now();
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe('0');
    expect(reply.body.message).toMatch(/5 минут/);
    expect(typeof reply.body.serverTime).toBe('number');
    expect(reply.body.serverTime).toBeGreaterThanOrEqual(before);
    expect(reply.body.serverTime).toBeLessThanOrEqual(after);
    expect(reply.body).not.toHaveProperty('userInfo');
  });

  it('accepts a ts 4 minutes off either way', async () => {
    for (const shift of [-4 * MINUTE, 4 * MINUTE]) {
      const reply = await student.post(PATH, await student.sign(PATH, {}, Date.now() + shift));
      expect(reply.body.success).toBe('1');
    }
  });

  // Replays are refused for calls that change something (a read-only call's replay answers what the
  // captured request already answered: README «Безопасность»).
  const WRITE = account.setGoals.path;
  const goals = { ballov: 80, goalBudzhet: '1', goalVuz: 'МГУ', studentOsob: 'повтор' };

  it('refuses the same signed payload sent twice as a replay', async () => {
    const payload = await student.sign(WRITE, goals);
    const first = await student.post(WRITE, payload);
    expect(first.body.success).toBe('1');
    const second = await student.post(WRITE, payload);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ success: '0', message: REPLAY });
    // The session itself is fine: only that one payload is refused.
    expect((await student.callRaw(account.getUserInfo, {})).body.success).toBe('1');
  });

  it('refuses a replay even when both copies arrive at once', async () => {
    const payload = await student.sign(WRITE, goals);
    const replies = await Promise.all([student.post(WRITE, payload), student.post(WRITE, payload), student.post(WRITE, payload)]);
    expect(replies.map((reply) => reply.body.success).sort()).toEqual(['0', '0', '1']);
  });

  it('answers -1 when device, ts or signature is missing or malformed', async () => {
    const valid = await student.sign(PATH, {});
    const variants: Array<Record<string, unknown>> = [];
    for (const field of ['device', 'ts', 'signature']) {
      const copy = { ...valid };
      delete copy[field];
      variants.push(copy);
    }
    variants.push(
      { ...valid, device: '' },
      { ...valid, signature: '' },
      { ...valid, signature: (valid.signature as string).toUpperCase() },
      { ...valid, signature: (valid.signature as string).slice(0, 63) },
      { ...valid, ts: 'вчера' },
      { ...valid, ts: 1.5 },
      { ...valid, device: 42 },
      {},
    );
    for (const payload of variants) expectSignedOut(await student.post(PATH, payload));
    // None of these used up the real signature.
    expect((await student.post(PATH, valid)).body.success).toBe('1');
  });

  describe('on the live socket', () => {
    async function openSigned(query: { device: string; ts: number; signature: string }) {
      const url = new URL('/go/online/ws', server.url.replace(/^http/, 'ws'));
      url.searchParams.set('device', query.device);
      url.searchParams.set('ts', String(query.ts));
      url.searchParams.set('signature', query.signature);
      return LiveTestSocket.open(url.toString());
    }

    it('accepts a signed connect and refuses its replay with 4400', async () => {
      const query = await signSocketQuery('/go/online/ws', student.session!, Date.now());
      const live = await openSigned(query);
      const replay = await openSigned(query);
      expect(await replay.waitForClose()).toBe(4400);
      expect(live.closeCode).toBeUndefined();
      live.close();
    });

    it('closes a connect with a stale ts with 4400 and a forged one with 4401', async () => {
      const stale = await openSigned(await signSocketQuery('/go/online/ws', student.session!, Date.now() - 6 * MINUTE));
      expect(await stale.waitForClose()).toBe(4400);
      const forged = await openSigned(await signSocketQuery('/go/online/ws', { ...student.session!, token: 'f'.repeat(64) }, Date.now()));
      expect(await forged.waitForClose()).toBe(4401);
      // Signed for an HTTP path instead of the socket path.
      const query = await signSocketQuery(PATH, student.session!, Date.now());
      const wrongPath = await openSigned(query);
      expect(await wrongPath.waitForClose()).toBe(4401);
    });
  });
});
