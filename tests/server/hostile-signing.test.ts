import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth, shell } from '../../src/shared/contract';
import { JSON_LIMITS } from '../../src/shared/json-limits';
import { SIGNATURE_WINDOW_MS } from '../../src/shared/signing';
import { verifySignature } from '../../server/auth/signature';
import { JSON_LIMIT_MESSAGES } from '../../server/contract/bounded-json';
import { waitMessage } from '../../server/domains/auth/rate-limit';
import { TestClient } from '../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue #25, rows #4, #5, #5b and #8: hostile signed calls and sign-ins, on SQLite and PostgreSQL,
 * with no Redis (the replay cache and sign-in counters then live in the database).
 */

const REPLAY = 'Повторный запрос отклонён. Повторите действие.';
const WRONG = 'Неверный логин или пароль.';
const DEPTH = JSON_LIMIT_MESSAGES.depth;

/** `{"deep":[[[…]]]}` with `levels` levels in all, as text: JSON.stringify itself would overflow. */
function deepBody(levels: number, fields: Record<string, unknown> = {}): string {
  const head = JSON.stringify(fields).slice(0, -1);
  return `${head}${head.length > 1 ? ',' : ''}"deep":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
}

/** A signed-looking payload: real device and ts, any 64-hex signature (the limits come first). */
function signingFields(client: TestClient): Record<string, unknown> {
  return { device: client.session!.device, ts: Date.now(), signature: 'a'.repeat(64) };
}

describe.each(testDialects)('hostile signed calls on %s (issue #25 rows 4, 5, 5b, 8)', (dialect) => {
  let server: TestServer;
  let student: TestClient;
  // The server's clock stands still unless a test moves it, so waits read the same on a slow machine.
  let time = Date.now();
  const clock = { now: () => time };

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock, env: { TRUST_PROXY: '1' } });
    student = await server.signIn('student');
  });
  afterAll(() => server?.close());

  const services = () => server.server.services;

  describe('row 4: a field nested 10,000 and 100,000 levels', () => {
    it.each([10_000, 100_000])('is refused with 400 over HTTP (signed and public calls), and the server keeps answering (%i levels)', async (levels) => {
      for (const [path, fields] of [
        [account.getUserInfo.path, signingFields(student)],
        [auth.localSignIn.path, { login: 'student', password: 'demo' }],
      ] as const) {
        const reply = await student.post(path, deepBody(levels, fields));
        expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 400, body: { success: '0', message: DEPTH } });
      }
      expect((await student.call(account.getUserInfo, {})).userInfo.user_name).toBe('Алиса');
    });

    it('takes 64 levels and refuses 65; refuses lists and objects beyond their sizes', async () => {
      const at = (levels: number) => student.post(account.getUserInfo.path, deepBody(levels, signingFields(student)));
      // 64 levels fit the limits: the made-up signature is what refuses it.
      expect((await at(JSON_LIMITS.maxDepth)).body.success).toBe('-1');
      expect((await at(JSON_LIMITS.maxDepth + 1)).body).toEqual({ success: '0', message: DEPTH });
      const list = await student.post(account.getUserInfo.path, { ...signingFields(student), list: Array(JSON_LIMITS.maxArrayItems + 1).fill(0) });
      expect(list).toEqual({ status: 400, body: { success: '0', message: JSON_LIMIT_MESSAGES.array } });
      const wide = Object.fromEntries(Array.from({ length: JSON_LIMITS.maxObjectKeys + 1 }, (_, index) => [`f${index}`, index]));
      const object = await student.post(account.getUserInfo.path, { ...signingFields(student), wide });
      expect(object).toEqual({ status: 400, body: { success: '0', message: JSON_LIMIT_MESSAGES.object } });
    });

    it.each([10_000, 100_000])('is refused on the live socket, as a frame and as a JSON-string body, and the socket stays usable (%i levels)', async (levels) => {
      const live = await student.openLive();
      try {
        const frameReply = live.waitFor((message) => message.messageType === 'response' && (message.body as { message?: string })?.message === DEPTH, 5_000, false);
        live.send(`{"messageType":"requestWithResponse","requestId":"deep","method":"${shell.updateCurrentPage.path}","body":${deepBody(levels)}}`);
        expect((await frameReply).body).toEqual({ success: '0', message: DEPTH });
        expect(await live.requestRaw(shell.updateCurrentPage.path, deepBody(levels))).toEqual({ success: '0', message: DEPTH });
        expect(await live.requestRaw(shell.updateCurrentPage.path, { page: '/study' })).toMatchObject({ success: '1' });
      } finally {
        live.close();
      }
    });

    it('verifySignature (the upload routes pass it their data part) refuses 100,000 levels with its message, no throw', async () => {
      const payload = JSON.parse(deepBody(100_000, signingFields(student))) as Record<string, unknown>;
      const check = await verifySignature({ db: services().db, kv: services().kv, now: services().clock.now() }, account.getUserInfo.path, payload);
      expect(check).toEqual({ ok: false, code: '0', message: DEPTH });
    });
  });

  describe('row 5b: a flood of signed calls that change state', () => {
    it('keeps the replay cache out of the process: every signature is a row, swept once it can no longer pass', async () => {
      // set_goals.php changes state, so each signature is recorded (a read-only call's is not: read-only-calls.test.ts).
      const goals = { ballov: 80, goalBudzhet: '1', goalVuz: 'МГУ', studentOsob: 'поток' };
      const rows = async () =>
        Number(
          (await services().db.selectFrom('kv_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('key', 'like', 'sig:%').executeTakeFirstOrThrow()).n,
        );
      const before = await rows();
      const calls = 400;
      for (let from = 0; from < calls; from += 50) {
        const replies = await Promise.all(Array.from({ length: 50 }, () => student.callRaw(account.setGoals, goals)));
        expect(replies.every((reply) => reply.body.success === '1')).toBe(true);
      }
      expect((await rows()) - before).toBe(calls);
      // Past two signature windows the job runner's sweep removes them: the table does not grow for good.
      time += 2 * SIGNATURE_WINDOW_MS + 60_000;
      try {
        await server.server.jobs.runDue(time);
        // The runner's own loop may have claimed the sweep first: wait for it.
        await expect.poll(rows, { timeout: 10_000 }).toBe(0);
      } finally {
        // Back to the clients' clock, or their signatures would fall outside the window.
        time = Date.now();
      }
    });
  });

  describe('row 8: wrong passwords for a student from another address', () => {
    it('delay the stranger only: the owner signs in from her address at once, her sessions keep working', async () => {
      const owner = await server.signIn('sofia');
      const ownerLive = await owner.openLive();
      const stranger = (password: string) => server.anonymous.post(auth.localSignIn.path, { login: 'sofia', password }, { 'x-forwarded-for': '203.0.113.66' });
      const replies = [];
      for (let attempt = 0; attempt < 12; attempt++) replies.push((await stranger(`guess${attempt}`)).body.message);
      expect(replies.slice(0, 5)).toEqual(Array(5).fill(WRONG));
      expect(replies.slice(5)).toEqual(Array(7).fill(waitMessage(2_000)));
      // Even the right password waits at the stranger's address.
      expect((await stranger('demo')).body).toEqual({ success: '0', message: waitMessage(2_000) });

      const fromHome = await server.anonymous.post(auth.localSignIn.path, { login: 'sofia', password: 'demo' }, { 'x-forwarded-for': '198.51.100.7' });
      expect(fromHome.body).toMatchObject({ success: '1', userType: expect.any(String) });
      expect((await owner.call(account.getUserInfo, {})).userInfo.user_name).toBe('София');
      expect(await ownerLive.requestRaw(shell.updateCurrentPage.path, { page: '/study' })).toMatchObject({ success: '1' });
      ownerLive.close();
    });

    it('count an IPv6 caller by its /64: 300 addresses of one /64 get the five free guesses of one address (issue 37)', async () => {
      const inOneNet = (n: number) => `2001:db8:37:64:${((n * 7919) % 0x10000).toString(16)}:${n.toString(16)}:0:1`;
      const replies: unknown[] = [];
      // Ten at a time: the reservations are atomic, so parallel guesses get no more checks than serial ones.
      for (let batch = 0; batch < 30; batch++) {
        const sent = Array.from({ length: 10 }, (_, i) => batch * 10 + i).map((n) =>
          server.anonymous.post(auth.localSignIn.path, { login: 'subscription', password: `guess${n}` }, { 'x-forwarded-for': inOneNet(n) }),
        );
        for (const reply of await Promise.all(sent)) replies.push(reply.body.message);
      }
      expect(replies.filter((message) => message === WRONG)).toHaveLength(5);
      expect(replies.filter((message) => message !== WRONG)).toEqual(Array(295).fill(waitMessage(2_000)));
      // The right password waits in that /64 too; the next /64 and an IPv4 caller are someone else.
      const right = (address: string) => server.anonymous.post(auth.localSignIn.path, { login: 'subscription', password: 'demo' }, { 'x-forwarded-for': address });
      expect((await right('2001:db8:37:64::abcd')).body).toEqual({ success: '0', message: waitMessage(2_000) });
      expect((await right('2001:db8:37:65::1')).body).toMatchObject({ success: '1' });
      expect((await right('::ffff:198.51.100.9')).body).toMatchObject({ success: '1' });
    }, 180_000);
  });
});

describe.each(testDialects)('row 5: a replay after a restart on %s, without Redis', (dialect) => {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('refuses a signed set_goals.php sent again to the restarted server, and writes nothing', async () => {
    first = await startTestServer({ dialect, keepDatabase: true });
    const student = await first.signIn('student');
    const body = await student.sign(account.setGoals.path, { ballov: 70, goalBudzhet: '1', goalVuz: 'МГУ', studentOsob: 'до перезапуска' });
    expect((await student.post(account.setGoals.path, body)).body.success).toBe('1');
    await student.call(account.setGoals, { ballov: 95, goalBudzhet: '1', goalVuz: 'МГУ', studentOsob: 'после' });
    const database = first.database;
    await first.close();
    first = undefined;

    second = await startTestServer({ database });
    const again = new TestClient(second.url, student.session);
    const replay = await again.post(account.setGoals.path, body);
    expect(replay).toEqual({ status: 400, body: { success: '0', message: REPLAY } });
    expect((await again.call(account.getUserInfo, {})).userInfo).toMatchObject({ user_goal_ball: '95', user_osobennosti: 'после' });
  });
});
