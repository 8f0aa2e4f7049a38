import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import type { Clock, Logger } from '../../server/log';
import { TestClient } from './client';

/** Finished demo media shared by test servers (src of truth: the content key in demo-media.ts). */
export const DEMO_MEDIA_CACHE = join(tmpdir(), 'enot-demo-media-cache');

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A test database: the URL and schema a server opens, and how to remove it. */
export interface TestDatabase {
  dialect: TestDialect;
  url: string;
  searchPath?: string;
  drop(): Promise<void> | void;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  dialect: TestDialect;
  /** Its database; kept after `close` with `keepDatabase`, so a restart can reuse it. */
  database: TestDatabase;
  /** An unsigned client; `signIn` gives a signed one. */
  anonymous: TestClient;
  /** Signs in a demo account (password 'demo') through local_sign_in.php. */
  signIn(login: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect?: TestDialect;
  env?: Record<string, string>;
  clock?: Clock;
  log?: Logger;
  /** The database of a server closed before (a restart on the same data); this server removes it on close. */
  database?: TestDatabase;
  /** Leaves the database in place on close, for a restart (`database`). */
  keepDatabase?: boolean;
}

/** A PostgreSQL URL with `search_path` set to `schema` through libpq's `options` parameter (pg honours it): for spawned servers. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** A fresh PostgreSQL schema in TEST_DATABASE_URL; the returned function drops it. */
export async function createPostgresSchema(): Promise<{ schema: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    schema,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

/** Deletes every Redis key under `prefix` (replay-cache and rate-limit keys of one run). */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    for (let from = 0; from < keys.length; from += 1000) await redis.del(...keys.slice(from, from + 1000));
  } finally {
    await redis.quit();
  }
}

/** A fresh database: a temp SQLite file, or an own schema in PostgreSQL. */
async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    const created = await createPostgresSchema();
    return { dialect, url: process.env.TEST_DATABASE_URL!, searchPath: created.schema, drop: created.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'enot-test-'));
  return { dialect, url: `sqlite:${join(dir, 'enot.db')}`, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts the real server in-process on a free port with a fresh database (a temp SQLite file,
 * or an own schema in PostgreSQL) and the demo seed, outputs checked against their contracts.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(options.dialect ?? 'sqlite'));
  const { dialect, url: databaseUrl, searchPath } = database;
  const cleanups: Array<() => Promise<void> | void> = [];
  if (!options.keepDatabase) cleanups.push(() => database.drop());
  // Media files of this server only; demo media stays off unless a test turns it on (DEMO_MEDIA: '1'),
  // and then comes from a cache shared by every test run, so the clips are encoded once.
  const storageDir = mkdtempSync(join(tmpdir(), 'enot-storage-'));
  cleanups.push(() => rmSync(storageDir, { recursive: true, force: true }));
  const config = loadConfig({
    STORAGE_DIR: storageDir,
    DEMO_MEDIA: '0',
    DEMO_MEDIA_CACHE: DEMO_MEDIA_CACHE,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    VALIDATE_OUTPUT: '1',
    // A test machine may have little disk left (seen: 287 MB); /readyz's disk check is tested on its own.
    DISK_FREE_MIN_MB: '1',
    // Demo data on PostgreSQL and public addresses too; DEMO_SEED: '' tests the real default.
    DEMO_SEED: 'on',
    DATABASE_URL: databaseUrl,
    ...options.env,
  });
  let server: RunningServer;
  try {
    server = await startServer(config, { clock: options.clock, searchPath, log: options.log });
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
  const anonymous = new TestClient(server.url);
  return {
    url: server.url,
    server,
    dialect,
    database,
    anonymous,
    signIn: (login) => anonymous.signIn(login),
    async close() {
      await server.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
