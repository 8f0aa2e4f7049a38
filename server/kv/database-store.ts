import { sql } from 'kysely';
import type { Db } from '../db';
import { preparedQuery, preparedWrite } from '../db/prepared';
import type { KeyValueStore } from './key-value-store';

/**
 * Rows of the key order looked at per step of a sweep. On SQLite a statement runs synchronously on
 * the event loop, and the table has no expiry index (migration 0100): one statement over the whole
 * table stalled every call for the length of its scan (hundreds of ms at a few 100k rows).
 */
const SWEEP_STEP = 2_000;

export interface DatabaseKeyValueStore extends KeyValueStore {
  /** Deletes the rows expired at `now`; returns how many. Run by the kv-sweep job. */
  sweep(now: number): Promise<number>;
}

/**
 * Deletes the `kv_entries` rows expired at `now`; returns how many. Walks the table in primary-key
 * ranges of SWEEP_STEP rows (each a short indexed range scan and delete) and lets the event loop run
 * between them, so calls wait at most one step, never the whole sweep.
 */
export async function sweepExpiredEntries(db: Db, now: number): Promise<number> {
  let removed = 0;
  let after: string | null = null;
  for (;;) {
    const from: string | null = after;
    const edge: { key: string } | undefined = await db
      .selectFrom('kv_entries')
      .select('key')
      .$if(from !== null, (query) => query.where('key', '>', from!))
      .orderBy('key')
      .limit(1)
      .offset(SWEEP_STEP - 1)
      .executeTakeFirst();
    const result = await db
      .deleteFrom('kv_entries')
      .where('expires_at', '<=', now)
      .$if(from !== null, (query) => query.where('key', '>', from!))
      .$if(edge !== undefined, (query) => query.where('key', '<=', edge!.key))
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
    if (!edge) return removed;
    after = edge.key;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// Sentinels stand for the arguments while a statement is compiled once (see server/db/prepared.ts).
const KEY: string = '\u0000kv-key';
const AT: number = -900_000_000_000_001;
const UNTIL: number = -900_000_000_000_002;
const BY: number = -900_000_000_000_003;

/** The live value of a key (expired rows count as absent). */
const liveValue = preparedQuery([KEY, AT] as const, (db, key, at) =>
  db.selectFrom('kv_entries').select('value').where('key', '=', key).where('expires_at', '>', at),
);

/** Inserts the key, or takes over its expired row; returns a row only when it did either. */
const insertIfAbsent = preparedWrite([KEY, UNTIL, AT] as const, (db, key, until, at) =>
  db
    .insertInto('kv_entries')
    .values({ key, value: 1, expires_at: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: 1, expires_at: until }).where('kv_entries.expires_at', '<=', at))
    .returning('key'),
);

/** Adds to a live counter, or starts it (anew when expired); returns the new value. */
const addTo = preparedWrite([KEY, BY, UNTIL, AT] as const, (db, key, by, until, at) => {
  const expired = sql<boolean>`kv_entries.expires_at <= ${at}`;
  return db
    .insertInto('kv_entries')
    .values({ key, value: by, expires_at: until })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // Like Redis INCRBY + PEXPIRE NX: the window starts at the first change of a live counter.
        value: sql<number>`case when ${expired} then excluded.value else kv_entries.value + excluded.value end`,
        expires_at: sql<number>`case when ${expired} then excluded.expires_at else kv_entries.expires_at end`,
      }),
    )
    .returning('value');
});

/**
 * The key-value store in the `kv_entries` table (migration 0100), for a server without Redis: a
 * replay stays refused after a restart, and a flood of signed calls adds rows (swept once expired),
 * never memory. Each operation is one statement, atomic on SQLite and PostgreSQL alike: an expired
 * row counts as absent and is overwritten in place by the same upsert. The statements are compiled
 * once; on SQLite they run synchronously on the connection (the replay check is on every call).
 */
export function createDatabaseStore(db: Db, now: () => number): DatabaseKeyValueStore {
  return {
    async get(key) {
      const [row] = await liveValue(db, key, now());
      return row ? Number(row.value) : 0;
    },
    async setIfAbsent(key, ttlMs) {
      const time = now();
      return (await insertIfAbsent(db, key, time + ttlMs, time)).length > 0;
    },
    async increment(key, ttlMs, by = 1) {
      const time = now();
      const [row] = await addTo(db, key, by, time + ttlMs, time);
      return Number(row!.value);
    },
    async delete(key) {
      await db.deleteFrom('kv_entries').where('key', '=', key).execute();
    },
    sweep: (at) => sweepExpiredEntries(db, at),
    // The database belongs to the server, which closes it.
    async close() {},
  };
}
