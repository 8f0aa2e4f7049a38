import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapToCell } from '../../../src/shared/domain/location-grid';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { migrations } from './index';

/** Run as the migrator runs it (Migration.up takes any database). */
const up = migrations['0101-nearby-grid']!.up;

describe.each(testDialects)('migration 0101 (nearby positions onto the grid) on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('replaces every exact stored position by its cell centre and leaves hidden rows empty', async () => {
    const { db } = server.server.services;
    const ids = async (login: string) => (await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
    const [exactUser, hiddenUser] = [await ids('student'), await ids('demo')];
    // Rows as they were stored before this migration: exact to the tenth of a metre.
    const exact = { latitude: 55.7539123, longitude: 37.6208456 };
    await db.insertInto('user_locations').values({ user_id: exactUser, is_public: 1, ...exact, located_at: 1, expires_at: 2 }).execute();
    await db.insertInto('user_locations').values({ user_id: hiddenUser, is_public: 0 }).execute();

    await up(db);
    const rows = await db.selectFrom('user_locations').select(['user_id', 'latitude', 'longitude']).where('user_id', 'in', [exactUser, hiddenUser]).orderBy('user_id').execute();
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(byUser.get(exactUser)).toMatchObject(snapToCell(exact));
    expect(byUser.get(hiddenUser)).toMatchObject({ latitude: null, longitude: null });
    // Snapping twice changes nothing (a re-run is harmless).
    await up(db);
    expect(await db.selectFrom('user_locations').select(['latitude', 'longitude']).where('user_id', '=', exactUser).executeTakeFirstOrThrow()).toEqual(snapToCell(exact));
  });
});
