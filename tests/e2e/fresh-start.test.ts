import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../src/shared/contract';
import { TestClient } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';

/** `npm start` on an empty embedded database: migrates, seeds, prints accounts, serves signed calls. */
describe('fresh start on the embedded default', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-e2e-'));
  let server: ServerProcess;

  beforeAll(async () => {
    // No REDIS_URL, no PostgreSQL: the embedded default must not need them.
    server = await spawnServer({ DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`, REDIS_URL: '' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the address and every demo account', () => {
    const output = server.output();
    for (const login of ['admin', 'curator', 'intensive', 'demo', 'inactive', 'partial', 'subscription', 'package', 'student']) {
      expect(output).toMatch(new RegExp(`^\\s+${login}\\s`, 'm'));
    }
    expect(output).toContain('пароль у всех: demo');
  });

  it('serves a signed get_user_info.php to the demo student', async () => {
    const student = await new TestClient(server.url).signIn('student');
    const { userInfo } = await student.call(account.getUserInfo, {});
    expect(userInfo.user_name).toBe('Алиса');
    expect(userInfo.user_type).toBe('Ученик');
  });

  it('does not seed again on restart', async () => {
    await server.stop();
    server = await spawnServer({ DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`, REDIS_URL: '' });
    expect(server.output()).not.toContain('Созданы демо-аккаунты');
    const student = await new TestClient(server.url).signIn('student');
    expect((await student.call(account.getUserInfo, {})).userInfo.user_surname).toBe('Смирнова');
  });

  it('stops with one clear line on a bad variable', async () => {
    await expect(spawnServer({ DATABASE_URL: 'mysql://nope' }, { timeoutMs: 20_000 })).rejects.toThrow(/Ошибка конфигурации: DATABASE_URL/);
  });
});
