import { sql } from 'kysely';
import type { Db } from '../db';
import type { KeyValueStore } from './index';

/** Expired rows deleted per statement, so a sweep never holds SQLite's write lock for long. */
const SWEEP_BATCH = 5_000;

export interface DatabaseKeyValueStore extends KeyValueStore {
  /** Deletes the rows expired at `now`; returns how many. Run by the kv-sweep job. */
  sweep(now: number): Promise<number>;
}

/** Deletes the `kv_entries` rows expired at `now`, in batches; returns how many. */
export async function sweepExpiredEntries(db: Db, now: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = db.selectFrom('kv_entries').select('key').where('expires_at', '<=', now).limit(SWEEP_BATCH);
    const result = await db.deleteFrom('kv_entries').where('key', 'in', batch).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count < SWEEP_BATCH) return removed;
  }
}

/**
 * The key-value store in the `kv_entries` table (migration 0100), for a server without Redis: a
 * replay stays refused after a restart, and a flood of signed calls adds rows (swept once expired),
 * never memory. Each operation is one statement, atomic on SQLite and PostgreSQL alike: an expired
 * row counts as absent and is overwritten in place by the same upsert.
 */
export function createDatabaseStore(db: Db, now: () => number): DatabaseKeyValueStore {
  return {
    async get(key) {
      const row = await db.selectFrom('kv_entries').select('value').where('key', '=', key).where('expires_at', '>', now()).executeTakeFirst();
      return row ? Number(row.value) : 0;
    },
    async setIfAbsent(key, ttlMs) {
      const time = now();
      const row = await db
        .insertInto('kv_entries')
        .values({ key, value: 1, expires_at: time + ttlMs })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: 1, expires_at: time + ttlMs }).where('kv_entries.expires_at', '<=', time))
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },
    async increment(key, ttlMs, by = 1) {
      const time = now();
      const expired = sql<boolean>`kv_entries.expires_at <= ${time}`;
      const row = await db
        .insertInto('kv_entries')
        .values({ key, value: by, expires_at: time + ttlMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            // Like Redis INCRBY + PEXPIRE NX: the window starts at the first change of a live counter.
            value: sql<number>`case when ${expired} then excluded.value else kv_entries.value + excluded.value end`,
            expires_at: sql<number>`case when ${expired} then excluded.expires_at else kv_entries.expires_at end`,
          }),
        )
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },
    async delete(key) {
      await db.deleteFrom('kv_entries').where('key', '=', key).execute();
    },
    sweep: (at) => sweepExpiredEntries(db, at),
    // The database belongs to the server, which closes it.
    async close() {},
  };
}
