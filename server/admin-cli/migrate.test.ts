import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../tests/helpers/admin-command';
import { migrateTo, openDatabase } from '../db';
import { domainMigrations } from '../domains';
import { knownMigrations } from '../backup/migration-state';

/** `npm run admin -- migrate`: the upgrade's own step (README «Обновление»), before the restart. */
describe('npm run admin -- migrate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('brings an older schema to the latest and says how many migrations ran', async () => {
    const url = `sqlite:${join(dir, 'enot.db')}`;
    const known = knownMigrations();
    const opened = openDatabase(url);
    await migrateTo(opened.db, known[known.length - 3]!, domainMigrations);
    await opened.close();

    const run = await adminCommand(url, ['migrate']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`Схема базы обновлена: выполнено новых миграций — 2, последняя — ${known.at(-1)}.\n`);
    const check = openDatabase(url);
    const names = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(check.db)).rows.map((row) => row.name);
    await check.close();
    expect(names).toEqual(known);
    expect((await adminCommand(url, ['migrate'])).stdout).toContain('выполнено новых миграций — 0');
  }, 120_000);
});
