import type { DraftRecord } from './types';

/**
 * Keystroke writes of drafts in IndexedDB, coalesced. Every readwrite transaction on 'drafts'
 * waits for the one before it, and a committed one waits for the disk ('strict'), so a
 * transaction per keystroke builds a queue; when the page goes (reload, tab closed), Chromium
 * aborts the transactions still waiting in it, and the last keys typed are lost (measured:
 * tests/e2e/draft-reload.test.ts). So: at most one transaction of these writes runs; what is
 * written meanwhile is held here, the latest per key, and goes in one transaction when it ends.
 * `flush` starts the held ones at once: before any other use of 'drafts' (so reads and lists see
 * them, in order) and when the page is being left.
 */
export interface DraftWriter {
  /** Puts a record (or, with null, deletes the key); resolves once committed. */
  write(key: string, record: DraftRecord | null): Promise<void>;
  /** Starts a transaction for the held writes now, even beside a running one (IndexedDB keeps the order). */
  flush(): void;
}

interface Held {
  record: DraftRecord | null;
  settle: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

export function createDraftWriter(openNow: () => IDBDatabase | null, open: () => Promise<IDBDatabase>, commitNow: (tx: IDBTransaction) => void): DraftWriter {
  const held = new Map<string, Held>();
  let running = 0;

  function start(db: IDBDatabase): void {
    if (held.size === 0) return;
    const batch = [...held];
    held.clear();
    const settleAll = (outcome: { error: unknown } | null) => {
      for (const [, { settle }] of batch) {
        for (const waiter of settle) {
          if (outcome) waiter.reject(outcome.error);
          else waiter.resolve();
        }
      }
    };
    let tx: IDBTransaction;
    try {
      // 'strict': a committed draft is on disk, as on the desktop (browsers default to relaxed).
      tx = db.transaction('drafts', 'readwrite', { durability: 'strict' });
      const drafts = tx.objectStore('drafts');
      for (const [key, { record }] of batch) {
        if (record) drafts.put(record);
        else drafts.delete(key);
      }
    } catch (error) {
      settleAll({ error });
      return;
    }
    running += 1;
    const finish = (outcome: { error: unknown } | null) => {
      running -= 1;
      settleAll(outcome);
      if (running === 0) startWhenOpen();
    };
    tx.oncomplete = () => finish(null);
    tx.onabort = () => finish({ error: tx.error ?? new Error('IndexedDB: транзакция прервана') });
    commitNow(tx);
  }

  /** Starts the held writes unless a transaction of them runs (then they follow it). */
  function startWhenOpen(): void {
    if (held.size === 0 || running > 0) return;
    const db = openNow();
    if (db) return start(db);
    running += 1;
    open().then(
      (opened) => {
        running -= 1;
        start(opened);
      },
      (error: unknown) => {
        running -= 1;
        const batch = [...held.values()];
        held.clear();
        for (const { settle } of batch) for (const waiter of settle) waiter.reject(error);
      },
    );
  }

  return {
    write: (key, record) =>
      new Promise<void>((resolve, reject) => {
        const earlier = held.get(key);
        // Re-inserted: the batch keeps the order of the latest writes.
        held.delete(key);
        held.set(key, { record, settle: [...(earlier?.settle ?? []), { resolve, reject }] });
        startWhenOpen();
      }),
    flush: () => {
      const db = openNow();
      if (held.size > 0 && db) start(db);
    },
  };
}
