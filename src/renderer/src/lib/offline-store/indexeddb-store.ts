import {
  CHAT_HISTORY_LIMIT,
  type CachedChatMessage,
  type DraftRecord,
  type JsonValue,
  type OutboxEntry,
} from '../../../../shared/desktop-api';
import { fieldOf } from '../../../../shared/guards';
import { toJsonValue } from '../../../../shared/json-value';
import { createDraftWriter } from './draft-writes';
import type { OfflineStore } from './types';

export interface IndexedDbStoreOptions {
  /** Database name; tests give each store its own. */
  name?: string;
  indexedDB?: IDBFactory;
  now?: () => number;
}

type StoreName = 'drafts' | 'chat' | 'flags' | 'outbox';

interface ChatRow {
  bot: string;
  id: number;
  message: CachedChatMessage;
}

const DB_VERSION = 1;

/**
 * The browser's offline store, with the desktop cache's semantics: values stored as JSON would
 * store them, chat history capped per bot, outbox ids increasing and never reused.
 */
export function createIndexedDbStore(options: IndexedDbStoreOptions = {}): OfflineStore {
  const now = options.now ?? Date.now;
  let opening: Promise<IDBDatabase> | null = null;
  let opened: IDBDatabase | null = null;
  const database = () =>
    (opening ??= openDatabase(options.indexedDB ?? globalThis.indexedDB, options.name ?? 'enot-offline').then((db) => (opened = db)));
  const writer = createDraftWriter(() => opened, database, commitNow);
  // Leaving the page (or hidden on a phone, which may then kill it): held draft writes start now,
  // so the browser commits them before the page goes.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', writer.flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') writer.flush();
    });
  }

  /**
   * Runs requests in one transaction and resolves once it has committed. Callbacks, not awaits,
   * inside: a transaction closes as soon as it has no pending request.
   */
  async function transact<T>(
    stores: StoreName | StoreName[],
    mode: IDBTransactionMode,
    body: (tx: IDBTransaction, done: (value: T) => void) => void,
  ): Promise<T> {
    // Held draft writes go first, so this transaction comes after them (and sees them).
    if (stores === 'drafts' || stores.includes('drafts')) writer.flush();
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      // 'strict': a committed draft is on disk, as on the desktop (browsers default to relaxed).
      const tx = db.transaction(stores, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' });
      let result: { value: T } | null = null;
      tx.oncomplete = () => (result ? resolve(result.value) : reject(new Error('IndexedDB: нет результата')));
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB: ошибка транзакции'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB: транзакция прервана'));
      body(tx, (value) => {
        result = { value };
        // Every request is issued: start committing now rather than when the page next idles,
        // so a write made just before a reload or a tab close is already on its way to disk.
        if (mode === 'readwrite') commitNow(tx);
      });
    });
  }

  const chatRange = (bot: string) => IDBKeyRange.bound([bot, -Infinity], [bot, Infinity]);

  /** Puts messages then deletes the oldest beyond the cap, inside the caller's transaction. */
  function saveMessages(chat: IDBObjectStore, bot: string, messages: CachedChatMessage[], finish: () => void): void {
    for (const message of messages) chat.put({ bot, id: message.id, message } satisfies ChatRow);
    const counted = chat.count(chatRange(bot));
    counted.onsuccess = () => {
      let excess = counted.result - CHAT_HISTORY_LIMIT;
      if (excess <= 0) return finish();
      const cursor = chat.openCursor(chatRange(bot));
      cursor.onsuccess = () => {
        const current = cursor.result;
        if (!current || excess <= 0) return finish();
        current.delete();
        excess -= 1;
        current.continue();
      };
    };
  }

  return {
    drafts: {
      get: (key) =>
        transact<DraftRecord | null>('drafts', 'readonly', (tx, done) => {
          const request = tx.objectStore('drafts').get(key);
          request.onsuccess = () => done((request.result as DraftRecord | undefined) ?? null);
        }),
      put: (draft) => {
        const value = toJson(draft.value);
        if (draft.serverVersion !== undefined) {
          // Nothing to keep from the stored record (a keystroke's write): coalesced, see draft-writes.
          const record: DraftRecord = { key: draft.key, value, updatedAt: now(), ...(draft.serverVersion === null ? {} : { serverVersion: draft.serverVersion }) };
          return writer.write(draft.key, record).then(() => record);
        }
        return transact<DraftRecord>('drafts', 'readwrite', (tx, done) => {
          const drafts = tx.objectStore('drafts');
          const previous = drafts.get(draft.key);
          previous.onsuccess = () => {
            const kept = (previous.result as DraftRecord | undefined)?.serverVersion;
            const serverVersion = draft.serverVersion === undefined ? kept : (draft.serverVersion ?? undefined);
            const record: DraftRecord = { key: draft.key, value, updatedAt: now(), ...(serverVersion === undefined ? {} : { serverVersion }) };
            drafts.put(record);
            done(record);
          };
        });
      },
      delete: (key) => writer.write(key, null),
      list: (prefix = '') =>
        transact<DraftRecord[]>('drafts', 'readonly', (tx, done) => {
          const found: DraftRecord[] = [];
          const cursor = tx.objectStore('drafts').openCursor(IDBKeyRange.lowerBound(prefix));
          cursor.onsuccess = () => {
            const current = cursor.result;
            const record = current?.value as DraftRecord | undefined;
            if (!current || !record || !record.key.startsWith(prefix)) return done(found);
            found.push(record);
            current.continue();
          };
        }),
    },
    chat: {
      get: (bot) =>
        transact<CachedChatMessage[]>('chat', 'readonly', (tx, done) => {
          const request = tx.objectStore('chat').getAll(chatRange(bot));
          request.onsuccess = () => done((request.result as ChatRow[]).map((row) => row.message));
        }),
      append: (bot, messages) => {
        const clean = messages.map(toJsonMessage);
        return transact<void>('chat', 'readwrite', (tx, done) => saveMessages(tx.objectStore('chat'), bot, clean, done));
      },
      replace: (bot, messages) => {
        const clean = messages.map(toJsonMessage);
        return transact<void>('chat', 'readwrite', (tx, done) => {
          const chat = tx.objectStore('chat');
          chat.delete(chatRange(bot));
          saveMessages(chat, bot, clean, done);
        });
      },
    },
    flags: {
      get: (key) =>
        transact<JsonValue | null>('flags', 'readonly', (tx, done) => {
          const request = tx.objectStore('flags').get(key);
          request.onsuccess = () => done((request.result as { value: JsonValue } | undefined)?.value ?? null);
        }),
      set: (key, value) => {
        const clean = toJson(value);
        return transact<void>('flags', 'readwrite', (tx, done) => {
          tx.objectStore('flags').put({ key, value: clean });
          done();
        });
      },
    },
    outbox: {
      enqueue: (mutation) => {
        const record: Omit<OutboxEntry, 'id'> = {
          createdAt: now(),
          kind: mutation.kind,
          payload: toJson(mutation.payload),
          attempts: 0,
          lastError: null,
          status: 'pending',
          serverVersion: null,
        };
        return transact<OutboxEntry>('outbox', 'readwrite', (tx, done) => {
          const request = tx.objectStore('outbox').add(record);
          request.onsuccess = () => done({ id: request.result as number, ...record });
        });
      },
      replace: (mutation) => {
        const record: Omit<OutboxEntry, 'id'> = {
          createdAt: now(),
          kind: mutation.kind,
          payload: toJson(mutation.payload),
          attempts: 0,
          lastError: null,
          status: 'pending',
          serverVersion: null,
          key: mutation.key,
        };
        // One readwrite transaction: IndexedDB runs overlapping ones one after another, so a
        // racing replacement sees this one's entry and removes it.
        return transact<OutboxEntry>('outbox', 'readwrite', (tx, done) => {
          const outbox = tx.objectStore('outbox');
          const cursor = outbox.openCursor();
          cursor.onsuccess = () => {
            const current = cursor.result;
            if (current) {
              const entry: unknown = current.value;
              const same = fieldOf(entry, 'kind') === mutation.kind && fieldOf(entry, 'key') === mutation.key;
              if (same && fieldOf(entry, 'status') === 'pending') current.delete();
              return current.continue();
            }
            const added = outbox.add(record);
            added.onsuccess = () => done({ id: Number(added.result), ...record });
          };
        });
      },
      list: () =>
        transact<OutboxEntry[]>('outbox', 'readonly', (tx, done) => {
          const request = tx.objectStore('outbox').getAll();
          request.onsuccess = () => done(request.result as OutboxEntry[]);
        }),
      remove: (id) =>
        transact<void>('outbox', 'readwrite', (tx, done) => {
          tx.objectStore('outbox').delete(id);
          done();
        }),
      update: (id, patch) => {
        const changes: Partial<OutboxEntry> = {};
        if (patch.attempts !== undefined) changes.attempts = patch.attempts;
        if (patch.lastError !== undefined) changes.lastError = patch.lastError;
        if (patch.status !== undefined) changes.status = patch.status;
        if (patch.serverVersion !== undefined) changes.serverVersion = toJson(patch.serverVersion);
        return transact<OutboxEntry | null>('outbox', 'readwrite', (tx, done) => {
          const outbox = tx.objectStore('outbox');
          const request = outbox.get(id);
          request.onsuccess = () => {
            const entry = request.result as OutboxEntry | undefined;
            if (!entry) return done(null);
            const next: OutboxEntry = { ...entry, ...changes };
            outbox.put(next);
            done(next);
          };
        });
      },
    },
  };
}

/** Explicit commit where the browser has it (all current ones); older ones commit on idle. */
function commitNow(tx: IDBTransaction): void {
  try {
    if (typeof tx.commit === 'function') tx.commit();
  } catch {
    // Already committing (or finished): nothing to hurry.
  }
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('drafts', { keyPath: 'key' });
      db.createObjectStore('chat', { keyPath: ['bot', 'id'] });
      db.createObjectStore('flags', { keyPath: 'key' });
      // autoIncrement never reuses a key: the replay order survives removals.
      db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema: let it, this tab reopens on its next call after reload.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB недоступна'));
    request.onblocked = () => reject(new Error('IndexedDB занята другой вкладкой'));
  });
}

/** Stores what JSON.stringify would (the desktop cache keeps JSON text): no undefined, no Dates. */
const toJson = toJsonValue;

function toJsonMessage(message: CachedChatMessage): CachedChatMessage {
  return toJson(message) as CachedChatMessage;
}
