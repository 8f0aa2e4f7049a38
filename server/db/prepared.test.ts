import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './index';
import { preparedQuery } from './prepared';

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
