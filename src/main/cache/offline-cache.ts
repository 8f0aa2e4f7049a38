import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { parseJsonValue } from '../../shared/json-value';
import {
  CHAT_HISTORY_LIMIT,
  type CachedChatMessage,
  type DraftRecord,
  type OfflineCacheApi,
  type OutboxEntry,
  type OutboxReplaceInput,
  type OutboxStatus,
} from '../../shared/desktop-api';
import { fieldOf } from '../../shared/guards';

/** The same operations as the renderer's OfflineCacheApi, synchronous (better-sqlite3 is). */
type Synchronous<T> = {
  [G in keyof T]: { [M in keyof T[G]]: T[G][M] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never };
};

export type OfflineCache = Synchronous<OfflineCacheApi> & { close(): void };

export interface OfflineCacheOptions {
  now?: () => number;
}

const SCHEMA_VERSION = 2;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS drafts (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    server_version TEXT
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS chat_messages (
    bot TEXT NOT NULL,
    id NUMERIC NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (bot, id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS flags (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  -- AUTOINCREMENT: ids are never reused, so the replay order survives removals.
  CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    status TEXT NOT NULL DEFAULT 'pending',
    server_version TEXT,
    replace_key TEXT
  );
`;

interface DraftRow {
  key: string;
  value: string;
  updated_at: number;
  server_version: string | null;
}

interface OutboxRow {
  id: number;
  created_at: number;
  kind: string;
  payload: string;
  attempts: number;
  last_error: string | null;
  status: OutboxStatus;
  server_version: string | null;
  replace_key: string | null;
}

/**
 * Opens (or creates) the desktop offline cache: drafts, AI-chat history, display flags and the
 * outbox of offline mutations, in one SQLite file in the user data folder.
 */
export function openOfflineCache(file: string, options: OfflineCacheOptions = {}): OfflineCache {
  const now = options.now ?? Date.now;
  const db = openDatabaseFile(file);
  const parse = parseJsonValue;

  const statements = {
    draftGet: db.prepare<[string], DraftRow>('SELECT * FROM drafts WHERE key = ?'),
    draftUpsert: db.prepare(`
      INSERT INTO drafts (key, value, updated_at, server_version) VALUES (@key, @value, @updatedAt, @serverVersion)
      ON CONFLICT (key) DO UPDATE SET
        value = excluded.value,
        updated_at = excluded.updated_at,
        server_version = CASE WHEN @keepVersion = 1 THEN drafts.server_version ELSE excluded.server_version END`),
    draftDelete: db.prepare('DELETE FROM drafts WHERE key = ?'),
    draftList: db.prepare<[string, string], DraftRow>(
      'SELECT * FROM drafts WHERE substr(key, 1, length(?)) = ? ORDER BY key',
    ),
    chatGet: db.prepare<[string], { message: string }>('SELECT message FROM chat_messages WHERE bot = ? ORDER BY id'),
    chatUpsert: db.prepare(
      'INSERT INTO chat_messages (bot, id, message) VALUES (?, ?, ?) ON CONFLICT (bot, id) DO UPDATE SET message = excluded.message',
    ),
    chatClear: db.prepare('DELETE FROM chat_messages WHERE bot = ?'),
    chatTrim: db.prepare(`
      DELETE FROM chat_messages WHERE bot = @bot AND id NOT IN (
        SELECT id FROM chat_messages WHERE bot = @bot ORDER BY id DESC LIMIT @limit)`),
    flagGet: db.prepare<[string], { value: string }>('SELECT value FROM flags WHERE key = ?'),
    flagSet: db.prepare('INSERT INTO flags (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    outboxInsert: db.prepare<[number, string, string], OutboxRow>(
      'INSERT INTO outbox (created_at, kind, payload) VALUES (?, ?, ?) RETURNING *',
    ),
    outboxInsertKeyed: db.prepare<[number, string, string, string], OutboxRow>(
      'INSERT INTO outbox (created_at, kind, payload, replace_key) VALUES (?, ?, ?, ?) RETURNING *',
    ),
    outboxRemovePending: db.prepare("DELETE FROM outbox WHERE kind = ? AND replace_key = ? AND status = 'pending'"),
    outboxList: db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY id'),
    outboxGet: db.prepare<[number], OutboxRow>('SELECT * FROM outbox WHERE id = ?'),
    outboxRemove: db.prepare('DELETE FROM outbox WHERE id = ?'),
    // One statement for any patch: a field is written only when its "has" flag is 1.
    outboxUpdate: db.prepare(`
      UPDATE outbox SET
        attempts = CASE WHEN @hasAttempts = 1 THEN @attempts ELSE attempts END,
        last_error = CASE WHEN @hasLastError = 1 THEN @lastError ELSE last_error END,
        status = CASE WHEN @hasStatus = 1 THEN @status ELSE status END,
        server_version = CASE WHEN @hasServerVersion = 1 THEN @serverVersion ELSE server_version END
      WHERE id = @id`),
  };

  const toDraft = (row: DraftRow): DraftRecord => ({
    key: row.key,
    value: parse(row.value),
    updatedAt: row.updated_at,
    ...(row.server_version === null ? {} : { serverVersion: row.server_version }),
  });

  const toOutboxEntry = (row: OutboxRow): OutboxEntry => ({
    id: row.id,
    createdAt: row.created_at,
    kind: row.kind,
    payload: parse(row.payload),
    attempts: row.attempts,
    lastError: row.last_error,
    status: row.status,
    serverVersion: row.server_version === null ? null : parse(row.server_version),
    ...(row.replace_key === null ? {} : { key: row.replace_key }),
  });

  const saveMessages = (bot: string, messages: CachedChatMessage[]): void => {
    for (const message of messages) statements.chatUpsert.run(bot, message.id, JSON.stringify(message));
    statements.chatTrim.run({ bot, limit: CHAT_HISTORY_LIMIT });
  };

  // Each write is one transaction: after a crash either all of it is on disk or none.
  const putDraft = db.transaction((draft: Parameters<OfflineCache['drafts']['put']>[0]): DraftRecord => {
    statements.draftUpsert.run({
      key: draft.key,
      value: JSON.stringify(draft.value),
      updatedAt: now(),
      serverVersion: draft.serverVersion ?? null,
      keepVersion: draft.serverVersion === undefined ? 1 : 0,
    });
    return toDraft(statements.draftGet.get(draft.key)!);
  });
  const replaceOutbox = db.transaction((mutation: OutboxReplaceInput): OutboxEntry => {
    statements.outboxRemovePending.run(mutation.kind, mutation.key);
    return toOutboxEntry(statements.outboxInsertKeyed.get(now(), mutation.kind, JSON.stringify(mutation.payload), mutation.key)!);
  });
  const appendChat = db.transaction(saveMessages);
  const replaceChat = db.transaction((bot: string, messages: CachedChatMessage[]) => {
    statements.chatClear.run(bot);
    saveMessages(bot, messages);
  });

  return {
    drafts: {
      get: (key) => {
        const row = statements.draftGet.get(key);
        return row ? toDraft(row) : null;
      },
      put: (draft) => putDraft(draft),
      delete: (key) => {
        statements.draftDelete.run(key);
      },
      list: (prefix = '') => statements.draftList.all(prefix, prefix).map(toDraft),
    },
    chat: {
      get: (bot) => statements.chatGet.all(bot).map((row) => JSON.parse(row.message) as CachedChatMessage),
      append: (bot, messages) => appendChat(bot, messages),
      replace: (bot, messages) => replaceChat(bot, messages),
    },
    flags: {
      get: (key) => {
        const row = statements.flagGet.get(key);
        return row ? parse(row.value) : null;
      },
      set: (key, value) => {
        statements.flagSet.run(key, JSON.stringify(value));
      },
    },
    outbox: {
      enqueue: (mutation) => toOutboxEntry(statements.outboxInsert.get(now(), mutation.kind, JSON.stringify(mutation.payload))!),
      list: () => statements.outboxList.all().map(toOutboxEntry),
      remove: (id) => {
        statements.outboxRemove.run(id);
      },
      update: (id, patch) => {
        statements.outboxUpdate.run({
          id,
          hasAttempts: patch.attempts === undefined ? 0 : 1,
          attempts: patch.attempts ?? null,
          hasLastError: patch.lastError === undefined ? 0 : 1,
          lastError: patch.lastError ?? null,
          hasStatus: patch.status === undefined ? 0 : 1,
          status: patch.status ?? null,
          hasServerVersion: patch.serverVersion === undefined ? 0 : 1,
          serverVersion: patch.serverVersion == null ? null : JSON.stringify(patch.serverVersion),
        });
        const row = statements.outboxGet.get(id);
        return row ? toOutboxEntry(row) : null;
      },
      replace: (mutation) => replaceOutbox(mutation),
    },
    close: () => db.close(),
  };
}

/**
 * Opens the file with crash-safe settings. A file that is not a database (a torn copy, a disk
 * error) is moved aside rather than stopping the app from starting; the user keeps the copy.
 */
function openDatabaseFile(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  try {
    return prepareDatabase(new SqliteDatabase(file));
  } catch (error) {
    if (!isNotADatabase(error) || !existsSync(file)) throw error;
    renameSync(file, `${file}.corrupt-${Date.now()}`);
    return prepareDatabase(new SqliteDatabase(file));
  }
}

function prepareDatabase(db: SqliteDatabase.Database): SqliteDatabase.Database {
  try {
    db.pragma('journal_mode = WAL');
    // FULL, not NORMAL: WAL+NORMAL survives an app crash but may lose the last commits on power
    // loss, and curators type drafts on laptop batteries. Keystroke draft writes are gathered
    // in the renderer (lib/offline-store/desktop-draft-writes.ts: one write per 250 ms), so an
    // fsync per commit costs nothing the user can notice.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true });
    if (version !== SCHEMA_VERSION) {
      db.transaction(() => {
        db.exec(SCHEMA);
        // A cache written by version 1 keeps its queued changes; they just have no key.
        if (version === 1) db.exec('ALTER TABLE outbox ADD COLUMN replace_key TEXT');
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function isNotADatabase(error: unknown): boolean {
  const code = fieldOf(error, 'code');
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
}
