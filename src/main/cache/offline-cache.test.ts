import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LIMIT } from '../../shared/desktop-api';
import { openOfflineCache, type OfflineCache } from './offline-cache';

let dir: string;
let file: string;
const opened: OfflineCache[] = [];

function open(now?: () => number): OfflineCache {
  const cache = openOfflineCache(file, now ? { now } : {});
  opened.push(cache);
  return cache;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'enot-cache-'));
  file = join(dir, 'nested', 'offline-cache.sqlite');
});

afterEach(() => {
  for (const cache of opened.splice(0)) {
    try {
      cache.close();
    } catch {
      // Already closed by the test.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('offline cache file', () => {
  it('keeps a draft written by a handle that was never closed', () => {
    const first = openOfflineCache(file);
    first.drafts.put({ key: 'check:12', value: { score: 2, comment: 'Хорошо' } });
    // Simulated crash: the handle is dropped without close(); a new one must see the write.
    const second = open();
    expect(second.drafts.get('check:12')?.value).toEqual({ score: 2, comment: 'Хорошо' });
  });

  it('keeps every committed write after the process is killed', () => {
    const fixture = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', fixture, file], { encoding: 'utf8' });
    expect(child.signal, child.stderr).toBe('SIGKILL');

    const cache = open();
    expect(cache.drafts.get('homework:7')).toMatchObject({ value: { answer: 'Черновик до сбоя' }, serverVersion: 'v3' });
    expect(cache.chat.get('botTheory')).toEqual([{ id: 1, question: 'Что такое право?' }]);
    expect(cache.outbox.list().map((entry) => entry.kind)).toEqual(['/app/api/homework/save.php']);
  });

  it('survives a close and reopen', () => {
    const first = open();
    first.flags.set('buttons', { home: '1' });
    first.close();
    expect(open().flags.get('buttons')).toEqual({ home: '1' });
  });

  it('moves a file that is not a database aside and starts empty', () => {
    const cache = open();
    cache.close();
    writeFileSync(file, 'not a database, just text that is long enough to fill a header page'.repeat(20));
    const fresh = open();
    expect(fresh.drafts.list()).toEqual([]);
    expect(readdirSync(join(dir, 'nested')).some((name) => name.includes('.corrupt-'))).toBe(true);
  });
});

describe('chat history', () => {
  it(`keeps at most ${CHAT_HISTORY_LIMIT} messages per bot, dropping the oldest`, () => {
    const cache = open();
    const messages = Array.from({ length: 130 }, (_, index) => ({ id: index + 1, question: `Вопрос ${index + 1}` }));
    cache.chat.append('botTheory', messages.slice(0, 70));
    cache.chat.append('botTheory', messages.slice(70));
    cache.chat.append('botConsultantKurs', [{ id: 1, question: 'Когда вебинар?' }]);

    const kept = cache.chat.get('botTheory');
    expect(kept).toHaveLength(CHAT_HISTORY_LIMIT);
    expect(kept[0]?.id).toBe(31);
    expect(kept.at(-1)?.id).toBe(130);
    expect(cache.chat.get('botConsultantKurs')).toHaveLength(1);
  });
});

describe('outbox', () => {
  it('lists mutations in the order they were made, ids never reused', () => {
    let clock = 1_000;
    const cache = open(() => clock++);
    const first = cache.outbox.enqueue({ kind: 'a', payload: 1 });
    const second = cache.outbox.enqueue({ kind: 'b', payload: 2 });
    cache.outbox.remove(second.id);
    const third = cache.outbox.enqueue({ kind: 'c', payload: 3 });

    expect(third.id).toBeGreaterThan(second.id);
    expect(cache.outbox.list().map((entry) => [entry.kind, entry.createdAt])).toEqual([
      ['a', 1_000],
      ['c', 1_002],
    ]);
    expect(cache.outbox.update(first.id, { status: 'conflict', serverVersion: { text: 'сервер' } })).toMatchObject({
      status: 'conflict',
      serverVersion: { text: 'сервер' },
      attempts: 0,
    });
  });
});

describe('schema upgrade', () => {
  it('keeps the queued changes of a version 1 cache and lets them be replaced by key from then on', () => {
    const cache = open(() => 5);
    cache.close();
    // A cache written by the first version: the outbox had no key column.
    const old = new SqliteDatabase(file);
    old.exec('DROP TABLE outbox');
    old.exec(`CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, created_at INTEGER NOT NULL, kind TEXT NOT NULL,
      payload TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, status TEXT NOT NULL DEFAULT 'pending', server_version TEXT)`);
    old.exec(`INSERT INTO outbox (created_at, kind, payload) VALUES (1, 'save', '{"n":1}')`);
    old.pragma('user_version = 1');
    old.close();

    const upgraded = open(() => 9);
    expect(upgraded.outbox.list()).toMatchObject([{ kind: 'save', payload: { n: 1 } }]);
    expect(upgraded.outbox.list()[0]).not.toHaveProperty('key');
    upgraded.outbox.replace({ kind: 'save', key: 'k', payload: 2 });
    upgraded.outbox.replace({ kind: 'save', key: 'k', payload: 3 });
    expect(upgraded.outbox.list().map((entry) => entry.payload)).toEqual([{ n: 1 }, 3]);
  });
});
