import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
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
 */
export function openDatabase(url: string, options: { searchPath?: string; poolSize?: number } = {}): OpenedDb {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // WAL with synchronous=NORMAL is durable across process crashes (an acknowledged write survives a kill).
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? '?';
    throw new Error(`Миграция ${failed} не выполнена: ${error instanceof Error ? error.message : String(error)}`);
  }
}
