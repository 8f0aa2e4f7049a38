import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenedDb } from '../db';
import { createPostgresSchema, testDialects } from '../../tests/helpers/server';
import { createDatabaseStore, sweepExpiredEntries, type DatabaseKeyValueStore } from './database-store';

describe.each(testDialects)('database key-value store on %s', (dialect) => {
  let opened: OpenedDb;
  let store: DatabaseKeyValueStore;
  let dropSchema: (() => Promise<void>) | undefined;
  // (a PostgreSQL schema or a SQLite folder)
  let time = 1_000_000;

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const created = await createPostgresSchema();
      dropSchema = created.drop;
      opened = openDatabase(process.env.TEST_DATABASE_URL!, { searchPath: created.schema });
    } else {
      // A file, not :memory:, so the synchronous path of server/db/prepared.ts is the one tested.
      const dir = mkdtempSync(join(tmpdir(), 'enot-kv-'));
      dropSchema = async () => rmSync(dir, { recursive: true, force: true });
      opened = openDatabase(`sqlite:${join(dir, 'kv.db')}`);
    }
    await migrateToLatest(opened.db);
    store = createDatabaseStore(opened.db, () => time);
  });
  afterAll(async () => {
    await opened?.close();
    await dropSchema?.();
  });

  it('setIfAbsent refuses a second set until the key expires, then takes it again', async () => {
    expect(await store.setIfAbsent('sig:a', 200)).toBe(true);
    expect(await store.setIfAbsent('sig:a', 200)).toBe(false);
    time += 199;
    expect(await store.setIfAbsent('sig:a', 200)).toBe(false);
    time += 1;
    expect(await store.setIfAbsent('sig:a', 200)).toBe(true);
    expect(await store.setIfAbsent('sig:a', 200)).toBe(false);
  });

  it('increment counts within the window from the first change, and restarts after it', async () => {
    expect(await store.get('n')).toBe(0);
    expect(await store.increment('n', 200)).toBe(1);
    time += 150;
    expect(await store.increment('n', 200, 5)).toBe(6);
    expect(await store.increment('n', 200, -1)).toBe(5);
    expect(await store.get('n')).toBe(5);
    // The window did not move with the later changes.
    time += 50;
    expect(await store.get('n')).toBe(0);
    expect(await store.increment('n', 200)).toBe(1);
    await store.delete('n');
    expect(await store.get('n')).toBe(0);
    expect(await store.increment('n', 200)).toBe(1);
  });

  it('counts parallel increments exactly and lets one of parallel setIfAbsent win', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment('parallel', 10_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const wins = await Promise.all(Array.from({ length: 20 }, () => store.setIfAbsent('once', 10_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('sweeps expired rows only, in steps that let the event loop run between them', async () => {
    // Live rows spread among the expired ones, so every step has some of each.
    const rows = Array.from({ length: 12_000 }, (_, index) => ({ key: `old:${index}`, value: 1, expires_at: index % 10 === 0 ? time + 60_000 : time - 1 }));
    for (let from = 0; from < rows.length; from += 1_000) await opened.db.insertInto('kv_entries').values(rows.slice(from, from + 1_000)).execute();
    await store.setIfAbsent('fresh', 60_000);
    let turns = 0;
    const counter = setInterval(() => (turns += 1), 0);
    const removed = await sweepExpiredEntries(opened.db, time).finally(() => clearInterval(counter));
    expect(removed).toBeGreaterThanOrEqual(10_800);
    // Timers ran during the sweep: calls are not held for the whole table.
    expect(turns).toBeGreaterThanOrEqual(3);
    const kept = await opened.db.selectFrom('kv_entries').select('key').where('key', 'like', 'old:%').execute();
    expect(kept).toHaveLength(1_200);
    const left = await opened.db.selectFrom('kv_entries').select('key').where('expires_at', '<=', time).execute();
    expect(left).toEqual([]);
    expect(await store.setIfAbsent('fresh', 60_000)).toBe(false);
  });
});
