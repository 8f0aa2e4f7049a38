import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createIndexedDbStore } from './indexeddb-store';

let counter = 0;
const freshStore = () => createIndexedDbStore({ name: `enot-draft-writes-${++counter}` });

/** Counts readwrite transactions on 'drafts' of every database opened from now on. */
function countDraftWrites(): { count: () => number; restore: () => void } {
  let count = 0;
  const original = IDBDatabase.prototype.transaction;
  const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, stores, mode, options) {
    if (mode === 'readwrite' && (stores === 'drafts' || (Array.isArray(stores) && stores.includes('drafts')))) count += 1;
    return original.call(this, stores, mode, options);
  });
  return { count: () => count, restore: () => spy.mockRestore() };
}

describe('coalesced draft writes (IndexedDB)', () => {
  it('keeps the last of many unawaited keystroke writes, in two transactions, not one per key', async () => {
    const store = freshStore();
    await store.drafts.list(); // the database is open, as on a screen that read its draft
    const writes = countDraftWrites();
    try {
      const typed = 'Стратификация';
      const pending = [...typed].map((_, index) => store.drafts.put({ key: 'user/a/p1/1', value: typed.slice(0, index + 1), serverVersion: null }));
      await Promise.all(pending);
      expect((await store.drafts.get('user/a/p1/1'))?.value).toBe(typed);
      // The first keystroke's own transaction, then one for everything typed while it ran.
      expect(writes.count()).toBe(2);
    } finally {
      writes.restore();
    }
  });

  it('lets a read right after unawaited writes see them, and a delete after a put win', async () => {
    const store = freshStore();
    void store.drafts.put({ key: 'k1', value: 'один', serverVersion: null });
    void store.drafts.put({ key: 'k1', value: 'два', serverVersion: null });
    void store.drafts.put({ key: 'k2', value: 'x', serverVersion: null });
    void store.drafts.delete('k2');
    expect((await store.drafts.get('k1'))?.value).toBe('два');
    expect(await store.drafts.get('k2')).toBeNull();
    expect((await store.drafts.list()).map((record) => record.key)).toEqual(['k1']);
  });

  it('keeps the order with writes that read the stored record first (server versions)', async () => {
    const store = freshStore();
    await store.drafts.put({ key: 'check', value: 1, serverVersion: 'v1' });
    void store.drafts.put({ key: 'check', value: 2, serverVersion: null });
    const kept = await store.drafts.put({ key: 'check', value: 3 });
    expect(kept).toMatchObject({ value: 3 });
    expect((await store.drafts.get('check'))?.serverVersion).toBeUndefined();
  });

  it('reports a failed write to every caller waiting on it', async () => {
    const store = freshStore();
    await store.drafts.list();
    const failing = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('диск полон', 'QuotaExceededError');
    });
    try {
      const first = store.drafts.put({ key: 'k', value: 'a', serverVersion: null });
      const second = store.drafts.put({ key: 'k', value: 'ab', serverVersion: null });
      await expect(first).rejects.toThrow('диск полон');
      await expect(second).rejects.toThrow('диск полон');
    } finally {
      failing.mockRestore();
    }
    await store.drafts.put({ key: 'k', value: 'abc', serverVersion: null });
    expect((await store.drafts.get('k'))?.value).toBe('abc');
  });
});
