import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './index';
import { preparedQuery, preparedWrite } from './prepared';

describe('preparedQuery', () => {
  const opened = openDatabase('sqlite::memory:');
  afterAll(() => opened.close());

  it('runs the compiled query with new values in the right places', async () => {
    const { db } = opened;
    await migrateToLatest(db);
    await db.insertInto('regions').values([{ number: 1, name: 'Один' }, { number: 2, name: 'Два' }, { number: 3, name: 'Три' }]).execute();
    const between = preparedQuery([-1001, -1002] as const, (db, high: number, low: number) =>
      db.selectFrom('regions').select('name').where('number', '<=', high).where('number', '>=', low).where('name', '!=', 'нет').orderBy('number'),
    );
    expect(await between(db, 2, 1)).toEqual([{ name: 'Один' }, { name: 'Два' }]);
    expect(await between(db, 3, 3)).toEqual([{ name: 'Три' }]);
  });

  it('refuses a build that does not use every sentinel', async () => {
    const { db } = opened;
    const broken = preparedQuery([-1] as const, (db, _unused: number) => db.selectFrom('regions').select('name'));
    await expect(broken(db, 5)).rejects.toThrow(/sentinel #0/);
  });
});

describe('preparedQuery on a SQLite file (hot reader connection)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-prepared-'));
  const opened = openDatabase(`sqlite:${join(dir, 'test.db')}`);
  afterAll(async () => {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const regionName = preparedQuery([-7001] as const, (db, number: number) => db.selectFrom('regions').select('name').where('number', '=', number));

  it('sees every committed write at once, and inside a transaction reads what the transaction sees', async () => {
    const { db } = opened;
    await migrateToLatest(db);
    expect(await regionName(db, 77)).toEqual([]);
    await db.insertInto('regions').values({ number: 77, name: 'Москва' }).execute();
    expect(await regionName(db, 77)).toEqual([{ name: 'Москва' }]);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('regions').set({ name: 'Москва (правка)' }).where('number', '=', 77).execute();
      // Outside the transaction: the last committed state; inside it: its own change.
      expect(await regionName(db, 77)).toEqual([{ name: 'Москва' }]);
      expect(await regionName(trx, 77)).toEqual([{ name: 'Москва (правка)' }]);
    });
    expect(await regionName(db, 77)).toEqual([{ name: 'Москва (правка)' }]);
  });

  it('refuses writes on the reader connection', async () => {
    const sneaky = preparedQuery([-7002] as const, (db, number: number) => db.deleteFrom('regions').where('number', '=', number));
    await expect(sneaky(opened.db, 77)).rejects.toThrow();
    expect(await regionName(opened.db, 77)).toHaveLength(1);
  });

  it('a write given a transaction runs inside it (rolled back with it), built once for every transaction', async () => {
    const { db } = opened;
    let builds = 0;
    const rename = preparedWrite([-7003, '\u0000name'] as const, (db, number: number, name: string) => {
      builds += 1;
      return db.updateTable('regions').set({ name }).where('number', '=', number).returning('name');
    });
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await rename(trx, 77, 'Откат')).toEqual([{ name: 'Откат' }]);
        expect(await regionName(db, 77)).toEqual([{ name: 'Москва (правка)' }]);
        throw new Error('откат');
      }),
    ).rejects.toThrow('откат');
    expect(await regionName(db, 77)).toEqual([{ name: 'Москва (правка)' }]);
    await db.transaction().execute(async (trx) => {
      await rename(trx, 77, 'Москва');
    });
    expect(await regionName(db, 77)).toEqual([{ name: 'Москва' }]);
    // Autocommit on the database itself, the same compiled statement.
    expect(await rename(db, 77, 'Москва 2')).toEqual([{ name: 'Москва 2' }]);
    expect(builds).toBe(1);
  });
});
