import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auth } from '../../../src/shared/contract';
import { DEMO_DAYS } from '../../../src/shared/domain/user-types';
import { TestClient, type RawReply, type Session } from '../../../tests/helpers/client';
import { editUser, expireDemo, linkAccounts } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { closedPortUrl, pkcePair, startVkStandIn, type VkStandIn } from '../../../tests/helpers/vk-stand-in';

const DAY = 24 * 60 * 60 * 1000;
const CLIENT_ID = '54321';
const REDIRECT_URI = 'https://enot.example/study/login';
const NOT_CONFIGURED = 'Вход через VK не настроен на этом сервере. Войдите по логину и паролю.';
const OTHER_USER = 'Токен VK выдан другому пользователю. Войдите ещё раз.';
const UNREACHABLE = 'VK ID не отвечает. Попробуйте войти ещё раз чуть позже.';
const BAD_CODE = 'Код входа VK ID недействителен или устарел. Войдите через VK ещё раз.';
const BAD_TOKEN = 'Вход через VK ID устарел или недействителен. Войдите через VK ещё раз.';
const MISCONFIGURED = 'VK ID не принял настройки входа этого сервера. Войдите по логину и паролю и сообщите в поддержку школы.';
const TOO_MANY = 'Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.';

/** Cyrillic text with no raw English words from VK (only the brand name "VK ID"/"VK" may be Latin). */
function expectRussian(message: string): void {
  expect(message).toMatch(/[а-яё]/i);
  expect(message.replace(/\bVK( ID)?\b/g, '')).not.toMatch(/[a-z]/i);
}

describe.each(testDialects)('VK ID sign-in on %s', (dialect) => {
  let vk: VkStandIn;
  let server: TestServer;
  let unconfigured: TestServer;
  let unreachable: TestServer;
  let wrongClient: TestServer;
  let nextVkId = 1000;

  beforeAll(async () => {
    vk = await startVkStandIn({ clientId: CLIENT_ID });
    const vkEnv = { VK_ID_URL: vk.url, VK_CLIENT_ID: CLIENT_ID, VK_REDIRECT_URI: REDIRECT_URI };
    // The servers that only check refusals run on SQLite: they never reach the database, and the
    // migrator cannot yet set up two PostgreSQL schemas side by side (it sees the other's tables).
    [server, unconfigured, unreachable, wrongClient] = await Promise.all([
      startTestServer({ dialect, env: vkEnv }),
      startTestServer({ env: { VK_ID_URL: vk.url } }),
      closedPortUrl().then((url) => startTestServer({ env: { ...vkEnv, VK_ID_URL: url } })),
      startTestServer({ env: { ...vkEnv, VK_CLIENT_ID: '99999' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server, unconfigured, unreachable, wrongClient].map((running) => running?.close()));
    await vk?.close();
  });

  /** A new VK user in the stand-in with a full profile. */
  function vkUser(overrides: Partial<Parameters<VkStandIn['addUser']>[0]> = {}) {
    return vk.addUser({
      userId: String(++nextVkId),
      firstName: 'Ваня',
      lastName: 'Петров',
      phone: '+7 (916) 555-12-34',
      avatar: `https://sun.userapi.com/ava/${nextVkId}.jpg`,
      email: `vanya${nextVkId}@vk.example`,
      sex: 2,
      verified: true,
      birthday: '09.05.2007',
      ...overrides,
    });
  }

  const post = (target: TestServer, path: string, body: Record<string, unknown>) => target.anonymous.post(path, body);

  /** Runs the browser's part: a code for the user, exchanged through the server for a VK token. */
  async function vkTokenFor(userId: string, target = server) {
    const { verifier, challenge } = pkcePair();
    const code = vk.issueCode({ userId, codeChallenge: challenge, deviceId: 'dev-1', redirectUri: REDIRECT_URI });
    return target.anonymous.call(auth.getVkAccessTokenFromCode, { code, codeVerifier: verifier, deviceId: 'dev-1', state: 'st-42' });
  }

  function sessionOf(reply: RawReply): TestClient {
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: '1', message: '' });
    const { token, device, userType } = reply.body as unknown as Session;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(device).toMatch(/^d[A-Za-z0-9_-]{24}$/);
    return new TestClient(server.url, { token, device, userType });
  }

  const usersWithVkId = (vkId: string) =>
    server.server.services.db.selectFrom('users').selectAll().where('vk_id', '=', vkId).execute();

  const sessionCount = async () =>
    Number(
      (
        await server.server.services.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('reports whether VK ID is configured and where to send the user', async () => {
    const configured = await server.anonymous.call(auth.getVkIdConfig, {});
    expect(configured).toEqual({
      configured: '1',
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      authorizeUrl: `${vk.url}/authorize`,
      scope: 'vkid.personal_info email phone',
    });
    const off = await unconfigured.anonymous.call(auth.getVkIdConfig, {});
    expect(off.configured).toBe('0');
    expect(off.clientId).toBe('');
  });

  it('signs up a new VK user as a 7-day demo and the session works for signed calls', async () => {
    const person = vkUser({ firstName: 'Ваня', lastName: 'Иванов', phone: '+7 (916) 123-45-67', birthday: '09.05.2007' });
    const exchanged = await vkTokenFor(person.userId);
    expect(exchanged.vkUserId).toBe(person.userId);
    expect(exchanged.vkToken).toMatch(/^vk1\.a\./);

    // The server sent VK exactly what the code exchange needs.
    const exchange = vk.requestsTo('/oauth2/auth').at(-1)!;
    expect(exchange.form).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      device_id: 'dev-1',
      redirect_uri: REDIRECT_URI,
      state: 'st-42',
    });
    expect(exchange.form.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    const before = server.server.services.clock.now();
    const reply = await post(server, auth.signupVkid.path, { vkToken: exchanged.vkToken, vkUserId: exchanged.vkUserId });
    const after = server.server.services.clock.now();
    const client = sessionOf(reply);
    expect(reply.body.userType).toBe('Демо');
    expect(vk.requestsTo('/oauth2/user_info').at(-1)!.form).toEqual({ client_id: CLIENT_ID, access_token: exchanged.vkToken });

    const rows = await usersWithVkId(person.userId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      vk_id: person.userId,
      login: null,
      password_hash: null,
      user_type: 'Демо',
      name: 'Ваня',
      surname: 'Иванов',
      email: person.email,
      phone: '79161234567',
      birth_date: '2007-05-09',
      ava_link: person.avatar,
      blocked: 0,
    });
    expect(row.demo_until).toBeGreaterThanOrEqual(before + DEMO_DAYS * DAY);
    expect(row.demo_until).toBeLessThanOrEqual(after + DEMO_DAYS * DAY);
    expect(DEMO_DAYS).toBe(7);

    const session = await server.server.services.db
      .selectFrom('sessions')
      .selectAll()
      .where('device', '=', client.session!.device)
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(row.id);
    expect(session.revoked_at).toBeNull();

    const { userInfo } = await client.call(account.getUserInfo, {});
    expect(userInfo).toMatchObject({
      user_vk_id: person.userId,
      user_type: 'Демо',
      user_name: 'Ваня',
      user_surname: 'Иванов',
      user_tel: '79161234567',
      user_bdate: '2007-05-09',
      user_email: person.email,
      user_ava_link: person.avatar,
    });
  });

  it('keeps a hidden birth year as no birth date and tolerates an empty profile', async () => {
    const person = vkUser({ firstName: undefined, lastName: undefined, phone: undefined, email: undefined, birthday: '09.05' });
    const { vkToken } = await vkTokenFor(person.userId);
    sessionOf(await post(server, auth.signupVkid.path, { vkToken, vkUserId: person.userId }));
    const [row] = await usersWithVkId(person.userId);
    expect(row).toMatchObject({ name: '', surname: '', phone: '', email: '', birth_date: null, user_type: 'Демо' });
  });

  it('stores a single-digit birthday padded and an impossible one as no birth date', async () => {
    for (const [birthday, stored] of [
      ['1.2.2008', '2008-02-01'],
      ['29.02.2008', '2008-02-29'],
      ['31.02.2007', null],
      ['29.02.2007', null],
      ['00.00.0000', null],
      ['15.13.2007', null],
    ] as const) {
      const person = vkUser({ birthday });
      const { vkToken } = await vkTokenFor(person.userId);
      sessionOf(await post(server, auth.signupVkid.path, { vkToken, vkUserId: person.userId }));
      const [row] = await usersWithVkId(person.userId);
      expect({ birthday, stored: row!.birth_date }).toEqual({ birthday, stored });
    }
  });

  it('answers "no users found" to get_enot_token for a VK user without an account', async () => {
    const person = vkUser();
    const { vkToken } = await vkTokenFor(person.userId);
    const sessionsBefore = await sessionCount();
    const reply = await post(server, auth.getEnotToken.path, { vkToken, vkUserId: person.userId });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: '0', message: 'no users found' });
    expect(await usersWithVkId(person.userId)).toHaveLength(0);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('issues a session through get_enot_token for a registered VK user', async () => {
    const person = vkUser({ firstName: 'Оля' });
    const first = await vkTokenFor(person.userId);
    sessionOf(await post(server, auth.signupVkid.path, { vkToken: first.vkToken, vkUserId: person.userId }));
    const [row] = await usersWithVkId(person.userId);

    // A later sign-in on another device: a new code, a new VK token, vkUserId sent as a number.
    const second = await vkTokenFor(person.userId);
    const reply = await post(server, auth.getEnotToken.path, { vkToken: second.vkToken, vkUserId: Number(person.userId) });
    const client = sessionOf(reply);
    expect(reply.body.userType).toBe('Демо');
    const session = await server.server.services.db
      .selectFrom('sessions')
      .select('user_id')
      .where('device', '=', client.session!.device)
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(row!.id);
    const { userInfo } = await client.call(account.getUserInfo, {});
    expect(userInfo.user_name).toBe('Оля');
    expect(userInfo.user_vk_id).toBe(person.userId);
  });

  it('signs in a seeded account linked to VK with its own type, and shows an expired demo as inactive', async () => {
    const person = vkUser();
    await linkAccounts(server, 'student', { vkId: person.userId });
    const student = await vkTokenFor(person.userId);
    const reply = await post(server, auth.getEnotToken.path, { vkToken: student.vkToken, vkUserId: person.userId });
    expect(sessionOf(reply).session!.userType).toBe('Ученик');

    const expired = vkUser();
    const signup = await vkTokenFor(expired.userId);
    sessionOf(await post(server, auth.signupVkid.path, { vkToken: signup.vkToken, vkUserId: expired.userId }));
    await expireDemo(server, { key: expired.userId });
    const again = await vkTokenFor(expired.userId);
    const later = sessionOf(await post(server, auth.getEnotToken.path, { vkToken: again.vkToken, vkUserId: expired.userId }));
    expect(later.session!.userType).toBe('Неактивный');
    expect((await later.call(account.getUserInfo, {})).userInfo.user_type).toBe('Неактивный');
  });

  it('refuses a VK token that belongs to another VK user, creating nothing', async () => {
    const victim = vkUser();
    const victimToken = await vkTokenFor(victim.userId);
    sessionOf(await post(server, auth.signupVkid.path, { vkToken: victimToken.vkToken, vkUserId: victim.userId }));
    const attacker = vkUser();
    const attackerToken = await vkTokenFor(attacker.userId);
    const sessionsBefore = await sessionCount();

    for (const contract of [auth.getEnotToken, auth.signupVkid]) {
      const reply = await post(server, contract.path, { vkToken: attackerToken.vkToken, vkUserId: victim.userId });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: '0', message: OTHER_USER });
    }
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await usersWithVkId(attacker.userId)).toHaveLength(0);
    expect(await usersWithVkId(victim.userId)).toHaveLength(1);
  });

  it('refuses a bad, reused or foreign code and a wrong PKCE verifier with a Russian message, never a 5xx', async () => {
    const person = vkUser();
    const { verifier, challenge } = pkcePair();
    const code = vk.issueCode({ userId: person.userId, codeChallenge: challenge });

    const unknown = await post(server, auth.getVkAccessTokenFromCode.path, { code: 'vk2.a.nonsense', codeVerifier: verifier });
    const badVerifier = await post(server, auth.getVkAccessTokenFromCode.path, { code, codeVerifier: pkcePair().verifier });
    const noVerifier = await post(server, auth.getVkAccessTokenFromCode.path, { code });
    for (const reply of [unknown, badVerifier, noVerifier]) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: '0', message: BAD_CODE });
      expectRussian(reply.body.message);
    }

    // The right verifier still works (a refused attempt does not burn the code), but only once.
    const ok = await post(server, auth.getVkAccessTokenFromCode.path, { code, codeVerifier: verifier });
    expect(ok.body).toMatchObject({ success: '1', vkUserId: person.userId });
    const reused = await post(server, auth.getVkAccessTokenFromCode.path, { code, codeVerifier: verifier });
    expect(reused.body).toEqual({ success: '0', message: BAD_CODE });

    // A server configured with another VK app's client_id is refused by VK.
    const other = pkcePair();
    const foreign = vk.issueCode({ userId: person.userId, codeChallenge: other.challenge });
    const refused = await post(wrongClient, auth.getVkAccessTokenFromCode.path, { code: foreign, codeVerifier: other.verifier });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ success: '0', message: MISCONFIGURED });
    expectRussian(refused.body.message);
  });

  it('refuses an invalid or expired VK access token with a Russian message', async () => {
    const person = vkUser();
    const expired = vk.issueToken(person.userId, { ttlSeconds: -1 });
    for (const vkToken of ['vk1.a.forged', expired]) {
      for (const contract of [auth.getEnotToken, auth.signupVkid]) {
        const reply = await post(server, contract.path, { vkToken, vkUserId: person.userId });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ success: '0', message: BAD_TOKEN });
        expectRussian(reply.body.message);
      }
    }
    expect(await usersWithVkId(person.userId)).toHaveLength(0);
  });

  it('signs the same person in when they sign up twice, even at once, without a duplicate row', async () => {
    const person = vkUser();
    const first = sessionOf(await post(server, auth.signupVkid.path, { vkToken: (await vkTokenFor(person.userId)).vkToken, vkUserId: person.userId }));
    const [created] = await usersWithVkId(person.userId);
    const second = sessionOf(await post(server, auth.signupVkid.path, { vkToken: (await vkTokenFor(person.userId)).vkToken, vkUserId: person.userId }));
    expect(second.session!.device).not.toBe(first.session!.device);
    expect(second.session!.userType).toBe('Демо');
    const rows = await usersWithVkId(person.userId);
    expect(rows).toHaveLength(1);
    // The demo period is not restarted by signing up again.
    expect(rows[0]!.demo_until).toBe(created!.demo_until);

    const racer = vkUser();
    const tokens = await Promise.all([vkTokenFor(racer.userId), vkTokenFor(racer.userId), vkTokenFor(racer.userId)]);
    const replies = await Promise.all(tokens.map(({ vkToken }) => post(server, auth.signupVkid.path, { vkToken, vkUserId: racer.userId })));
    const sessions = replies.map(sessionOf);
    const racedRows = await usersWithVkId(racer.userId);
    expect(racedRows).toHaveLength(1);
    const owners = await server.server.services.db
      .selectFrom('sessions')
      .select('user_id')
      .where('device', 'in', sessions.map((client) => client.session!.device))
      .execute();
    expect(owners.map((owner) => owner.user_id)).toEqual([racedRows[0]!.id, racedRows[0]!.id, racedRows[0]!.id]);
  });

  it('refuses a blocked VK account on both sign-in and sign-up', async () => {
    const person = vkUser();
    const client = sessionOf(await post(server, auth.signupVkid.path, { vkToken: (await vkTokenFor(person.userId)).vkToken, vkUserId: person.userId }));
    await editUser(server, { key: person.userId }, { userBlocked: '1' });
    for (const contract of [auth.getEnotToken, auth.signupVkid]) {
      const { vkToken } = await vkTokenFor(person.userId);
      const reply = await post(server, contract.path, { vkToken, vkUserId: person.userId });
      expect(reply.body).toEqual({ success: '0', message: 'Аккаунт заблокирован. Обратитесь в поддержку школы.' });
    }
    expect(await usersWithVkId(person.userId)).toHaveLength(1);
    const reply = await client.callRaw(account.getUserInfo, {});
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe('-1');
  });

  it('validates the input before calling VK', async () => {
    const calls = vk.requests.length;
    const noCode = await post(server, auth.getVkAccessTokenFromCode.path, { code: '  ' });
    const shortVerifier = await post(server, auth.getVkAccessTokenFromCode.path, { code: 'abc', codeVerifier: 'short' });
    const badId = await post(server, auth.getEnotToken.path, { vkToken: 'x', vkUserId: 'id1001' });
    const noToken = await post(server, auth.signupVkid.path, { vkUserId: '1001' });
    for (const reply of [noCode, shortVerifier, badId, noToken]) {
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe('0');
      expect(reply.body.message).toMatch(/[а-яё]/i);
    }
    expect(vk.requests.length).toBe(calls);
  });

  it('answers "не настроен" on every VK call when VK_CLIENT_ID is not set, without calling VK', async () => {
    const person = vkUser();
    const token = vk.issueToken(person.userId);
    const calls = vk.requests.length;
    const replies = [
      await post(unconfigured, auth.getVkAccessTokenFromCode.path, { code: 'vk2.a.any' }),
      await post(unconfigured, auth.getEnotToken.path, { vkToken: token, vkUserId: person.userId }),
      await post(unconfigured, auth.signupVkid.path, { vkToken: token, vkUserId: person.userId }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: '0', message: NOT_CONFIGURED });
      expect(reply.body.message).toContain('не настроен');
    }
    expect(vk.requests.length).toBe(calls);
  });

  it('answers a Russian "VK does not answer" when VK ID is unreachable, not a 500', async () => {
    const replies = [
      await post(unreachable, auth.getVkAccessTokenFromCode.path, { code: 'vk2.a.any', codeVerifier: pkcePair().verifier }),
      await post(unreachable, auth.getEnotToken.path, { vkToken: 'vk1.a.any', vkUserId: '1001' }),
      await post(unreachable, auth.signupVkid.path, { vkToken: 'vk1.a.any', vkUserId: '1001' }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: '0', message: UNREACHABLE });
    }
  });

  it('does not count an outage of VK ID against the address: password sign-in still works after 60 of them', async () => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const reply = await post(unreachable, auth.getEnotToken.path, { vkToken: 'vk1.a.any', vkUserId: '1001' });
      expect(reply.body.message).toBe(UNREACHABLE);
    }
    const student = await unreachable.signIn('student');
    expect(student.session!.userType).toBe('Ученик');
  });

  it('answers a Russian message when VK ID fails or answers nonsense, not a 500', async () => {
    const person = vkUser();
    const token = vk.issueToken(person.userId);
    const cases = [
      { status: 502, body: '<html><body>Bad Gateway</body></html>' },
      { status: 500, body: { unexpected: true } },
      { status: 200, body: { user: { first_name: 'без id' } } },
      { status: 200, body: 'not json' },
    ];
    try {
      for (const canned of cases) {
        vk.answer('/oauth2/user_info', canned);
        vk.answer('/oauth2/auth', canned);
        const exchanged = await post(server, auth.getVkAccessTokenFromCode.path, { code: 'vk2.a.any' });
        const signedUp = await post(server, auth.signupVkid.path, { vkToken: token, vkUserId: person.userId });
        for (const reply of [exchanged, signedUp]) {
          expect(reply.status).toBe(200);
          expect(reply.body.success).toBe('0');
          expectRussian(reply.body.message);
        }
      }
    } finally {
      vk.answer('/oauth2/user_info', null);
      vk.answer('/oauth2/auth', null);
    }
    expect(await usersWithVkId(person.userId)).toHaveLength(0);
  });

  // Last: it uses up the address's failures on this server.
  it('counts refused VK attempts against the address: after 50, VK and password sign-in are refused', async () => {
    await server.server.services.kv.delete('signin-fail-ip:127.0.0.1');
    const person = vkUser();
    const token = vk.issueToken(person.userId);
    for (let attempt = 0; attempt < 50; attempt++) {
      const reply = await post(server, auth.getVkAccessTokenFromCode.path, { code: `vk2.a.guess${attempt}` });
      expect(reply.body.message).toBe(BAD_CODE);
    }
    const calls = vk.requests.length;
    const refused = [
      await post(server, auth.getVkAccessTokenFromCode.path, { code: 'vk2.a.more' }),
      await post(server, auth.getEnotToken.path, { vkToken: token, vkUserId: person.userId }),
      await post(server, auth.signupVkid.path, { vkToken: token, vkUserId: person.userId }),
      await post(server, auth.localSignIn.path, { login: 'student', password: 'demo' }),
    ];
    for (const reply of refused) expect(reply.body).toEqual({ success: '0', message: TOO_MANY });
    // Refused before VK is even asked.
    expect(vk.requests.length).toBe(calls);
  });
});
