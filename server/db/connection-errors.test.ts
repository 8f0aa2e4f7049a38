import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { unavailableDependency } from '../contract/unavailable';
import { openDatabase, type OpenedDb } from './index';

const databaseUrl = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PostgreSQL connection ended by the server (restart, failover: 57P01) must never be an unhandled
 * 'error' — neither on an idle pooled connection nor on one lent to a transaction — and the pool
 * reconnects on the next query. Simulated by ending only this test's own backends.
 */
describe.skipIf(!databaseUrl)('PostgreSQL connections ended by the server', () => {
  const heard: Error[] = [];
  const opened: OpenedDb = openDatabase(databaseUrl!, { poolSize: 2, onConnectionError: (error) => heard.push(error) });
  const admin = new pg.Client({ connectionString: databaseUrl });
  afterAll(async () => {
    await opened.close();
    await admin.end();
  });

  const backendPid = async (db = opened.db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  const terminate = async (pid: number) => {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // The server's message reaches the client asynchronously.
    await sleep(200);
  };

  it('an idle pooled connection: heard, then the next query opens a new one', async () => {
    await admin.connect();
    const pid = await backendPid();
    heard.length = 0;
    await terminate(pid);
    // Heard on the connection and again through the pool; the health tracker counts an outage once.
    expect(heard.length).toBeGreaterThan(0);
    expect(new Set(heard.map((error) => unavailableDependency(error)))).toEqual(new Set(['PostgreSQL']));
    expect(await backendPid()).not.toBe(pid);
  });

  it('a connection held by a transaction between its queries: the transaction fails as an outage, the process stays up', async () => {
    heard.length = 0;
    const failed = await opened.db
      .transaction()
      .execute(async (trx) => {
        await terminate(await backendPid(trx));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(unavailableDependency(failed)).toBe('PostgreSQL');
    expect(heard.length).toBeGreaterThan(0);
    expect((await sql<{ one: number }>`select 1 as one`.execute(opened.db)).rows).toEqual([{ one: 1 }]);
  });
});
