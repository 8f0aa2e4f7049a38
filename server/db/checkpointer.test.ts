import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './index';

describe('SQLite checkpoints in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-ckpt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('folds committed pages into the database file without a commit doing it, and closes cleanly', async () => {
    const file = join(dir, 'enot.db');
    const opened = openDatabase(`sqlite:${file}`);
    await migrateToLatest(opened.db);
    const settled = async () => {
      // Two worker periods with no writes: whatever was committed is in the file now.
      await new Promise((resolve) => setTimeout(resolve, 700));
      return statSync(file).size;
    };
    const before = await settled();
    // ~300 KB: far below the 1000 pages at which a commit would checkpoint by itself.
    const rows = Array.from({ length: 600 }, (_, index) => ({ key: `k${index}:${'x'.repeat(480)}`, value: 1, expires_at: 0 }));
    for (let from = 0; from < rows.length; from += 200) await opened.db.insertInto('kv_entries').values(rows.slice(from, from + 200)).execute();
    let size = statSync(file).size;
    for (let waited = 0; size < before + 250_000 && waited < 5_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      size = statSync(file).size;
    }
    expect(size).toBeGreaterThanOrEqual(before + 250_000);
    await opened.close();
    // Reopened: every row is there.
    const again = openDatabase(`sqlite:${file}`);
    const count = await again.db.selectFrom('kv_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(600);
    await again.close();
  });
});
