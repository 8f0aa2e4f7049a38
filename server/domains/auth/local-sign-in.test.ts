import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth, shell } from '../../../src/shared/contract';
import type { UserType } from '../../../src/shared/domain/user-types';
import { TestClient } from '../../../tests/helpers/client';
import { editUser, makeStudent } from '../../../tests/helpers/factories';
import { dropRedisPrefix, startTestServer, testDialects, type TestDialect, type TestServer } from '../../../tests/helpers/server';
import { FREE_FAILURES, waitMessage } from './rate-limit';

const WRONG = 'Неверный логин или пароль.';
const BLOCKED = 'Аккаунт заблокирован. Обратитесь в поддержку школы.';
const TOO_MANY = 'Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.';
const SIGNED_OUT = 'Сессия завершена. Войдите снова.';

/** One demo account per user type (password 'demo'). */
const DEMO_TYPES: Array<[string, UserType]> = [
  ['admin', 'Админ'],
  ['curator', 'Куратор'],
  ['intensive', 'Интенсив'],
  ['demo', 'Демо'],
  ['inactive', 'Неактивный'],
  ['partial', 'Частичный'],
  ['subscription', 'Подписка'],
  ['package', 'Пакетник'],
  ['student', 'Ученик'],
];

describe.each(testDialects)('local sign-in and sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server?.close());

  const db = () => server.server.services.db;
  const now = () => server.server.services.clock.now();
  const userId = async (login: string) =>
    (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const sessionRow = (client: TestClient) =>
    db().selectFrom('sessions').selectAll().where('device', '=', client.session!.device).executeTakeFirstOrThrow();
  const sessionCount = async () =>
    Number((await db().selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);

  async function expectSignedOut(client: TestClient) {
    const reply = await client.callRaw(account.getUserInfo, {});
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: '-1', message: SIGNED_OUT });
  }

  it.each(DEMO_TYPES)('signs in %s as %s with a working session', async (login, type) => {
    const before = now();
    const reply = await server.anonymous.post(auth.localSignIn.path, { login, password: 'demo' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: '1', message: '', userType: type });
    expect(reply.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(reply.body).sort()).toEqual(['device', 'landing', 'message', 'success', 'token', 'userType']);

    const { token, device } = reply.body as unknown as { token: string; device: string };
    const client = new TestClient(server.url, { token, device, userType: type });
    const row = await sessionRow(client);
    expect(row).toMatchObject({ user_id: await userId(login), token: client.session!.token, revoked_at: null, ip: '127.0.0.1' });
    expect(row.expires_at - row.created_at).toBe(90 * 24 * 60 * 60 * 1000);
    expect(row.created_at).toBeGreaterThanOrEqual(before);

    const { userInfo } = await client.call(account.getUserInfo, {});
    expect(userInfo.user_type).toBe(type);
  });

  it('issues a new session on every sign-in', async () => {
    const first = await server.signIn('student');
    const second = await server.signIn('student');
    expect(second.session!.device).not.toBe(first.session!.device);
    expect(second.session!.token).not.toBe(first.session!.token);
    await first.call(account.getUserInfo, {});
    await second.call(account.getUserInfo, {});
  });

  it('takes the login case-insensitively and trimmed', async () => {
    const id = await userId('student');
    for (const login of ['STUDENT', 'Student', '  student  ', 'sTuDeNt']) {
      const client = await server.anonymous.signIn(login);
      expect(client.session!.userType).toBe('Ученик');
      expect((await sessionRow(client)).user_id).toBe(id);
    }
  });

  it('answers the same for a wrong password and an unknown login, and issues no session', async () => {
    const sessions = await sessionCount();
    for (const body of [
      { login: 'student', password: 'wrong' },
      { login: 'student', password: 'Demo' },
      { login: 'student', password: 'demo ' },
      { login: 'nobody', password: 'demo' },
    ]) {
      const reply = await server.anonymous.post(auth.localSignIn.path, body);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: '0', message: WRONG });
    }
    expect(await sessionCount()).toBe(sessions);
  });

  it('refuses an account without a password (a VK sign-up) whatever is typed', async () => {
    await makeStudent(server, { type: 'Демо', vkId: '777000', login: 'vkonly' });
    const reply = await server.anonymous.post(auth.localSignIn.path, { login: 'vkonly', password: 'demo' });
    expect(reply.body).toEqual({ success: '0', message: WRONG });
  });

  it('refuses invalid input with 400 and a Russian message', async () => {
    for (const body of [{ login: '', password: 'demo' }, { login: 'student' }, { login: 'x'.repeat(101), password: 'demo' }, {}]) {
      const reply = await server.anonymous.post(auth.localSignIn.path, body);
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe('0');
      expect(reply.body.message).toMatch(/[а-яё]/i);
    }
  });

  it('refuses a blocked user, and signs out its existing sessions and sockets', async () => {
    const client = await server.signIn('egor');
    const live = await client.openLive();
    await editUser(server, 'egor', { userBlocked: '1' });
    try {
      const right = await server.anonymous.post(auth.localSignIn.path, { login: 'egor', password: 'demo' });
      expect(right.body).toEqual({ success: '0', message: BLOCKED });
      // A wrong password does not reveal that the account exists and is blocked.
      const wrong = await server.anonymous.post(auth.localSignIn.path, { login: 'egor', password: 'nope' });
      expect(wrong.body).toEqual({ success: '0', message: WRONG });

      await expectSignedOut(client);
      const pushed = await live.requestRaw(shell.updateCurrentPage.path, { page: '/study' });
      expect(pushed.success).toBe('-1');
      expect(await live.waitForClose()).toBe(4401);
      const again = await client.openLive();
      expect(await again.waitForClose()).toBe(4401);
    } finally {
      await editUser(server, 'egor', { userBlocked: '0' });
    }
    // Unblocked, the same session works again (it was never revoked).
    await client.call(account.getUserInfo, {});
  });

  it('logout revokes only the calling session: signed calls answer -1 and the socket is refused with 4401', async () => {
    const client = await server.signIn('sofia');
    const other = await server.signIn('sofia');
    const live = await client.openLive();
    expect(await live.requestRaw(shell.updateCurrentPage.path, { page: '/study/roadmap' })).toMatchObject({ success: '1' });

    const reply = await client.callRaw(auth.logout, {});
    expect(reply).toEqual({ status: 200, body: { success: '1', message: '' } });
    expect((await sessionRow(client)).revoked_at).toBeGreaterThan(0);

    await expectSignedOut(client);
    const second = await client.callRaw(auth.logout, {});
    expect(second.body.success).toBe('-1');

    // The socket opened before the logout is closed by the server at once…
    expect(await live.waitForClose()).toBe(4401);
    // …and a new one is closed at once.
    const reconnect = await client.openLive();
    expect(await reconnect.waitForClose()).toBe(4401);

    // The user's other device stays signed in.
    expect((await other.call(account.getUserInfo, {})).userInfo.user_name).toBe('София');
    const otherLive = await other.openLive();
    expect(await otherLive.requestRaw(shell.updateCurrentPage.path, { page: '/study' })).toMatchObject({ success: '1' });
    otherLive.close();
  });

  it('logout needs a session', async () => {
    const reply = await server.anonymous.post(auth.logout.path, {});
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe('-1');
  });

  it('treats an expired session as signed out', async () => {
    const client = await server.signIn('maxim');
    await client.call(account.getUserInfo, {});
    await db().updateTable('sessions').set({ expires_at: now() - 1 }).where('device', '=', client.session!.device).execute();
    await expectSignedOut(client);
    const live = await client.openLive();
    expect(await live.waitForClose()).toBe(4401);
  });

  it('lets an inactive user sign in and read their profile', async () => {
    const client = await server.signIn('inactive');
    expect(client.session!.userType).toBe('Неактивный');
    const { userInfo } = await client.call(account.getUserInfo, {});
    expect(userInfo).toMatchObject({ user_type: 'Неактивный', user_surname: 'Волкова', user_name: 'Екатерина' });
  });
});

/** Sign-in throttling: on the database store (each dialect), and on Redis when TEST_REDIS_URL is set. */
const stores: Array<{ name: string; dialect: TestDialect; redis: boolean }> = [
  ...testDialects.map((dialect) => ({ name: `database on ${dialect}`, dialect, redis: false })),
  ...(process.env.TEST_REDIS_URL ? [{ name: 'redis', dialect: 'sqlite' as const, redis: true }] : []),
];

/** 'Слишком много неудачных попыток входа. Попробуйте снова через N секунд.' for a throttled login at one address. */
const WAIT = /^Слишком много неудачных попыток входа\. Попробуйте снова через \d+ секунд[уы]?\.$/;

describe.each(stores)('sign-in throttling ($name store)', ({ dialect, redis }) => {
  let server: TestServer;
  const prefix = `t${process.pid}${randomBytes(4).toString('hex')}:`;
  // The waits are read from the server clock, which stands still unless a test moves it: the
  // messages are exact on a slow machine, and time passes without sleeping.
  let time = Date.now();
  const clock = { now: () => time };

  beforeAll(async () => {
    // Behind a trusted proxy, so each test can speak from its own address via X-Forwarded-For.
    const env: Record<string, string> = { TRUST_PROXY: '1' };
    if (redis) Object.assign(env, { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: prefix });
    server = await startTestServer({ dialect, env, clock });
  });
  afterAll(async () => {
    await server?.close();
    if (redis) await dropRedisPrefix(process.env.TEST_REDIS_URL!, prefix);
  });

  const from = (address: string) => (body: Record<string, unknown>) =>
    server.anonymous.post(auth.localSignIn.path, body, { 'x-forwarded-for': address });

  it('after 5 failures of a login from one address, makes that address wait 2, 4, 8 s; the owner elsewhere gets in at once', async () => {
    const stranger = from('198.51.100.10');
    for (let attempt = 1; attempt <= FREE_FAILURES; attempt++) {
      const reply = await stranger({ login: 'curator', password: `guess${attempt}` });
      expect({ attempt, body: reply.body }).toEqual({ attempt, body: { success: '0', message: WRONG } });
    }
    // Even the right password waits at that address: the wait must not tell a right guess apart.
    for (const login of ['curator', 'CURATOR']) {
      const refused = await stranger({ login, password: 'demo' });
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ success: '0', message: waitMessage(2_000) });
    }
    expect(waitMessage(2_000)).toBe('Слишком много неудачных попыток входа. Попробуйте снова через 2 секунды.');
    // The owner from her own address, and other logins from the stranger's, are not held back.
    expect((await from('198.51.100.11')({ login: 'curator', password: 'demo' })).body).toMatchObject({ success: '1', userType: 'Куратор' });
    expect((await stranger({ login: 'student', password: 'demo' })).body).toMatchObject({ success: '1', userType: 'Ученик' });

    // Each further failure doubles the wait.
    for (const [waited, next] of [
      [2_000, 'Слишком много неудачных попыток входа. Попробуйте снова через 4 секунды.'],
      [4_000, 'Слишком много неудачных попыток входа. Попробуйте снова через 8 секунд.'],
    ] as const) {
      time += waited;
      expect((await stranger({ login: 'curator', password: 'still-wrong' })).body.message).toBe(WRONG);
      expect((await stranger({ login: 'curator', password: 'demo' })).body).toEqual({ success: '0', message: next });
    }
    time += 8_000;
    expect((await stranger({ login: 'curator', password: 'demo' })).body).toMatchObject({ success: '1', userType: 'Куратор' });
  });

  it('refuses every login from an address after 50 failures, with the 15-minute message, while other addresses are fine', async () => {
    const signIn = from('198.51.100.20');
    // 60 guesses at once over 20 unknown logins (3 each: no pair reaches its free 5): exactly 50
    // are checked, the rest refused, even though none had failed yet when they arrived.
    const results = await Promise.all(Array.from({ length: 60 }, (_, attempt) => signIn({ login: `ghost${attempt % 20}`, password: 'x' })));
    const messages = results.map((reply) => reply.body.message);
    expect(messages.filter((message) => message === WRONG)).toHaveLength(50);
    expect(messages.filter((message) => message === TOO_MANY)).toHaveLength(10);

    for (const login of ['student', 'admin', 'ghost9']) {
      const refused = await signIn({ login, password: 'demo' });
      expect(refused.body).toEqual({ success: '0', message: TOO_MANY });
    }
    // A made-up hop put in front by the client changes nothing: the proxy's own (right-most) hop counts.
    const spoofed = await from('203.0.113.99, 198.51.100.20')({ login: 'student', password: 'demo' });
    expect(spoofed.body).toEqual({ success: '0', message: TOO_MANY });
    const elsewhere = await from('198.51.100.21')({ login: 'student', password: 'demo' });
    expect(elsewhere.body).toMatchObject({ success: '1', userType: 'Ученик' });
  });

  it('gives parallel guesses for one login from one address no more than 5 password checks', async () => {
    const signIn = from('198.51.100.40');
    const results = await Promise.all(Array.from({ length: 30 }, (_, attempt) => signIn({ login: 'admin', password: `g${attempt}` })));
    const messages = results.map((reply) => reply.body.message);
    expect(messages.filter((message) => message === WRONG)).toHaveLength(FREE_FAILURES);
    expect(messages.filter((message) => WAIT.test(message))).toHaveLength(30 - FREE_FAILURES);
    expect((await signIn({ login: 'admin', password: 'demo' })).body.message).toMatch(WAIT);
    // The admin's own address was never involved.
    expect((await from('198.51.100.41')({ login: 'admin', password: 'demo' })).body.success).toBe('1');
  });

  it('lets parallel right-password sign-ins of one login through and does not count them', async () => {
    const signIn = from('198.51.100.50');
    // In-flight checks hold a reservation until they succeed, so up to the free count may run at once.
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(Array.from({ length: FREE_FAILURES }, () => signIn({ login: 'package', password: 'demo' })));
      expect(results.map((reply) => reply.body.userType)).toEqual(Array(FREE_FAILURES).fill('Пакетник'));
    }
  });

  it('does not count successful sign-ins or refused attempts', async () => {
    const signIn = from('198.51.100.30');
    for (let attempt = 1; attempt < FREE_FAILURES; attempt++) {
      expect((await signIn({ login: 'partial', password: 'bad' })).body.message).toBe(WRONG);
    }
    // Four failures and any number of successes: still free.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn({ login: 'partial', password: 'demo' })).body.success).toBe('1');
    }
    expect((await signIn({ login: 'partial', password: 'bad' })).body.message).toBe(WRONG);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn({ login: 'partial', password: 'demo' })).body.message).toMatch(WAIT);
    }
    time += 2_000;
    expect((await signIn({ login: 'partial', password: 'demo' })).body.success).toBe('1');
  });

  it('leaves existing sessions of a throttled login working', async () => {
    const owner = await server.signIn('sofia');
    const stranger = from('198.51.100.60');
    for (let attempt = 0; attempt < FREE_FAILURES + 5; attempt++) await stranger({ login: 'sofia', password: `nope${attempt}` });
    expect((await stranger({ login: 'sofia', password: 'demo' })).body.message).toMatch(WAIT);
    expect((await owner.call(account.getUserInfo, {})).userInfo.user_name).toBe('София');
  });
});
