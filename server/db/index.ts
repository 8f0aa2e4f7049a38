import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { stemText } from '../search/russian-stemmer';
import { startCheckpointer } from './checkpointer';
import { migrations } from './migrations';
import type { Dialect } from './migrations/helpers';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenedDb {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint: epoch ms, sums, counts) as JS numbers; every value we store fits in 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric (sum() over bigint on PostgreSQL) likewise.
pg.types.setTypeParser(1700, (value) => Number(value));

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (WAL, foreign keys) or `postgres://…`.
 * `searchPath` isolates a PostgreSQL schema (tests give each server its own).
 * `onConnectionError` hears about pooled PostgreSQL connections that broke while idle (a restart).
 */
export function openDatabase(
  url: string,
  options: { searchPath?: string; poolSize?: number; onConnectionError?: (error: Error) => void } = {},
): OpenedDb {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // WAL with synchronous=NORMAL is durable across process crashes (an acknowledged write survives a kill).
    sqlite.pragma('synchronous = NORMAL');
    // The timecode tag index (migration 0010) stems tags in triggers with this function.
    sqlite.function('ru_stems', { deterministic: true }, (text: unknown) => stemText(typeof text === 'string' ? text : ''));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    if (file === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy() };
    const reader = openHotReader(sqlite, file);
    hotReaders.set(db, reader);
    const checkpointer = startCheckpointer(sqlite, file);
    return {
      db,
      dialect: 'sqlite',
      close: async () => {
        hotReaders.delete(db);
        reader.close();
        await checkpointer.stop();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A database that does not answer (network gone) fails the call instead of hanging it.
    connectionTimeoutMillis: 5_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // Without a listener, an idle connection terminated by the server (restart, failover: 57P01)
  // is an unhandled 'error' that kills the process. The pool has already dropped that connection;
  // the next query opens a new one.
  pool.on('error', (error) => options.onConnectionError?.(error));
  // A connection lent out to a query or a transaction has no pool listener: when the server ends it,
  // pg rejects the query and also emits 'error' on the client, which must not go unhandled either.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * Kysely prepares every statement anew; preparing was a third of a signed call's server time.
 * Statements are reusable in better-sqlite3 (queries run one at a time per connection), so keep
 * the most recent ones by SQL text.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 1000) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) {
        // Refresh recency so the cache drops the least recently used text.
        cache.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

/** Synchronous reads on SQLite for the queries on every call's path (see `preparedQuery`). */
export interface HotReader {
  /** A statement kept by the caller and run as often as needed. */
  prepare(sqlText: string): { all(...parameters: unknown[]): unknown[] };
  /**
   * A one-statement write (with RETURNING) run synchronously on the main connection while no
   * transaction is open: an autocommit, atomic by itself. Answers undefined while one is open;
   * the caller then goes through Kysely's queue, as any write would.
   */
  prepareWrite(sqlText: string): { all(...parameters: unknown[]): unknown[] | undefined };
  close(): void;
}

const hotReaders = new WeakMap<Db, HotReader>();

/** The hot reader behind `db`; undefined for PostgreSQL, an in-memory database, or a transaction. */
export function hotReaderOf(db: Db): HotReader | undefined {
  return hotReaders.get(db);
}

/**
 * Kysely queues every query of a SQLite database behind one connection's mutex (so a transaction
 * keeps the connection to itself); a hot read paid that queue and Kysely's plumbing, as much again
 * as SQLite's own work. better-sqlite3 is synchronous, so a read run directly on the connection
 * while no transaction is open cannot interleave with anything and sees exactly the committed
 * state. While a transaction is open (between its awaits) the read goes to a second, read-only
 * connection instead, which in WAL mode reads the last committed state without waiting, as a
 * PostgreSQL pool connection would. The main connection is preferred: a commit empties the page
 * cache of every other connection, so the second one re-reads its pages after each write.
 */
function openHotReader(main: SqliteDatabase.Database, file: string): HotReader {
  let second: SqliteDatabase.Database | undefined;
  const secondConnection = () => {
    if (!second) {
      second = new SqliteDatabase(file);
      second.pragma('busy_timeout = 5000');
      second.pragma('query_only = ON');
    }
    return second;
  };
  return {
    prepare(sqlText) {
      const onMain = main.prepare(sqlText);
      if (!onMain.reader) throw new Error('hot reader: only reads may run here');
      let onSecond: SqliteDatabase.Statement | undefined;
      return {
        all: (...parameters) => (main.inTransaction ? (onSecond ??= secondConnection().prepare(sqlText)) : onMain).all(...parameters),
      };
    },
    prepareWrite(sqlText) {
      const onMain = main.prepare(sqlText);
      return { all: (...parameters) => (main.inTransaction ? undefined : onMain.all(...parameters)) };
    },
    close: () => second?.close(),
  };
}

/**
 * The migrations of server/db/migrations plus those domains carry in their module.ts (passed in by
 * the server from its domain list). Kysely runs them in name order; a name used twice is refused.
 */
function providerOf(domainMigrations: Readonly<Record<string, Migration>>): MigrationProvider {
  const twice = Object.keys(domainMigrations).filter((name) => name in migrations);
  if (twice.length > 0) throw new Error(`Миграция ${twice.join(', ')} объявлена дважды`);
  return { getMigrations: async () => ({ ...migrations, ...domainMigrations }) };
}

/**
 * True when `error` is what PostgreSQL says when a table or schema vanished while Kysely's
 * introspection read it (it reads every schema's tables and their serial sequences): «schema "x"
 * does not exist», «relation "x.t" does not exist», «column "c" of relation "t" does not exist» —
 * about something other than our own schema.
 */
export function droppedMeanwhile(error: unknown, ours: string | undefined): boolean {
  const message = error instanceof Error ? error.message : '';
  const schema = /schema "([^"]+)" does not exist/.exec(message)?.[1] ?? /relation "([^".]+)\.[^"]+" does not exist/.exec(message)?.[1];
  if (schema !== undefined) return schema !== ours;
  return /column "[^"]+" of relation "[^"]+" does not exist/.test(message);
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db, domainMigrations: Readonly<Record<string, Migration>> = {}): Promise<void> {
  await migrateTo(db, 'latest', domainMigrations);
}

/**
 * Runs the migrations up to `target` (a migration name, or 'latest'); migration tests stop at the
 * one before theirs. Throws with the failing migration's error.
 */
export async function migrateTo(db: Db, target: string, domainMigrations: Readonly<Record<string, Migration>> = {}): Promise<void> {
  const provider = providerOf(domainMigrations);
  // On PostgreSQL keep Kysely's bookkeeping tables in the schema we work in (search_path may name
  // one); otherwise it finds another schema's lock table and skips creating its own.
  const isPostgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  const migrationTableSchema = isPostgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const run = () => (target === 'latest' ? migrator.migrateToLatest() : migrator.migrateTo(target));
  let { error, results } = await run();
  // Kysely looks for its bookkeeping tables by introspecting every schema of the database; another
  // schema dropped during that scan (several installations or test servers on one PostgreSQL)
  // fails it with "… does not exist" before any migration ran (seen in CI with a schema, a table
  // and a column). Nothing was done: try again.
  for (let attempt = 1; attempt < 6 && error && isPostgres && droppedMeanwhile(error, migrationTableSchema) && !results?.length; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results } = await run());
  }
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? '?';
    throw new Error(`Миграция ${failed} не выполнена: ${error instanceof Error ? error.message : String(error)}`);
  }
}
