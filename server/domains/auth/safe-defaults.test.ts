import { afterEach, describe, expect, it } from 'vitest';
import { account, auth } from '../../../src/shared/contract';
import { adminCommand, printedOneTimePassword } from '../../../tests/helpers/admin-command';
import { TestClient } from '../../../tests/helpers/client';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { createLogger } from '../../log';
import { DEMO_PASSWORD_LOCKED, MUST_CHANGE_PASSWORD, NO_CHANGE_NEEDED } from './password-rules';

const PUBLIC = { PUBLIC_URL: 'https://school.example', DEMO_SEED: '' };
const WRONG = 'Неверный логин или пароль.';

describe('safe defaults of a public installation', () => {
  const servers: TestServer[] = [];
  const start = async (...args: Parameters<typeof startTestServer>) => {
    const server = await startTestServer(...args);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await server.close();
  });

  it('creates no demo account on a public address with an empty database', async () => {
    const server = await start({ env: PUBLIC });
    expect(server.server.seeded).toEqual([]);
    expect(server.server.services.config.DEMO_SEED).toBe(false);
    for (const login of ['admin', 'curator', 'student', 'demo']) {
      expect((await server.anonymous.post(auth.localSignIn.path, { login, password: 'demo' })).body).toEqual({ success: '0', message: WRONG });
    }
    const users = await server.server.services.db.selectFrom('users').select('login').execute();
    expect(users).toEqual([]);
  });

  it('`npm run admin -- create` gives an admin who must choose a password at the first sign-in', async () => {
    const first = await start({ env: PUBLIC, keepDatabase: true });
    const { database } = first;
    await first.close();
    servers.length = 0;

    const created = await adminCommand(database.url, ['create', 'Director']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const password = printedOneTimePassword(created.stdout);
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await adminCommand(database.url, ['create', 'director'])).stderr).toMatch(/уже занят/);

    const server = await start({ env: PUBLIC, database });
    const signIn = (pass: string) => server.anonymous.post(auth.localSignIn.path, { login: 'director', password: pass });
    expect((await signIn(password)).body).toEqual({ success: '0', message: MUST_CHANGE_PASSWORD, mustChangePassword: '1' });
    expect((await signIn('wrong-password')).body).toEqual({ success: '0', message: WRONG });

    const change = (body: Record<string, string>) => server.anonymous.post(auth.changeOneTimePassword.path, body);
    expect((await change({ login: 'director', password: 'wrong-password', newPassword: 'Свой пароль 1' })).body).toEqual({ success: '0', message: WRONG });
    const changed = await change({ login: 'director', password, newPassword: 'Свой пароль 1' });
    expect(changed.body).toMatchObject({ success: '1', userType: 'Админ' });
    const { token, device } = changed.body as unknown as { token: string; device: string };
    const admin = new TestClient(server.url, { token, device, userType: 'Админ' });
    expect((await admin.callRaw(account.getUserInfo, {})).status).toBe(200);

    // The one-time password is spent; the chosen one signs in; a second change is refused.
    expect((await signIn(password)).body).toEqual({ success: '0', message: WRONG });
    expect((await signIn('Свой пароль 1')).body).toMatchObject({ success: '1', userType: 'Админ' });
    expect((await change({ login: 'director', password: 'Свой пароль 1', newPassword: 'Другой пароль 2' })).body).toEqual({ success: '0', message: NO_CHANGE_NEEDED });

    // reset with a password from stdin: the open session ends, the new password is one-time again.
    const reset = await adminCommand(database.url, ['reset', 'director', '--password-stdin'], 'Временный пароль\n');
    expect(reset.code).toBe(0);
    expect(reset.stdout).not.toContain('Временный пароль');
    expect((await admin.callRaw(account.getUserInfo, {})).status).toBe(401);
    expect((await signIn('Временный пароль')).body).toMatchObject({ success: '0', mustChangePassword: '1' });
    expect((await adminCommand(database.url, ['reset', 'nobody'])).stderr).toMatch(/нет/);
    // Four command processes, each compiling TypeScript at start.
  }, 180_000);

  it('refuses demo accounts with the demo password on a public address until DEMO_SEED=on, with one warning line', async () => {
    const laptop = await start({ keepDatabase: true });
    const { database } = laptop;
    expect((await laptop.anonymous.post(auth.localSignIn.path, { login: 'student', password: 'demo' })).body).toMatchObject({ success: '1' });
    await laptop.close();
    servers.length = 0;

    const lines: string[] = [];
    const server = await start({ env: PUBLIC, database, keepDatabase: true, log: createLogger('warn', (line) => lines.push(line)) });
    const warnings = lines.filter((line) => line.includes('Демо-аккаунты с опубликованным паролем'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/admin, .*student/);
    for (const login of ['admin', 'student']) {
      expect((await server.anonymous.post(auth.localSignIn.path, { login, password: 'demo' })).body).toEqual({ success: '0', message: DEMO_PASSWORD_LOCKED });
    }
    // Nor can the demo password be "changed" into a working one.
    expect((await server.anonymous.post(auth.changeOneTimePassword.path, { login: 'admin', password: 'demo', newPassword: 'Новый пароль 1' })).body).toEqual({
      success: '0',
      message: DEMO_PASSWORD_LOCKED,
    });
    await server.close();
    servers.length = 0;

    const unlocked = await start({ env: { ...PUBLIC, DEMO_SEED: 'on' }, database });
    expect((await unlocked.anonymous.post(auth.localSignIn.path, { login: 'student', password: 'demo' })).body).toMatchObject({ success: '1' });
  });
});
