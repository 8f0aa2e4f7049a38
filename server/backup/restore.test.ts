import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { files, homeworkP2 } from '../../src/shared/contract';
import { FILE_DOWNLOAD_PATH } from '../../src/shared/contract/files';
import { startTestServer, testDialects, type TestDatabase, type TestDialect, type TestServer } from '../../tests/helpers/server';
import { createAdmin } from '../admin-cli/accounts';
import { migrateTo, openDatabase } from '../db';
import { domainMigrations } from '../domains';
import { createBackup } from './backup';
import { knownMigrations } from './migration-state';
import { postgresIsEmpty } from './postgres';
import { restoreBackup } from './restore';

/**
 * Issue 37: `npm run backup` then `npm run restore` into a fresh database and an empty storage
 * folder bring back the users, a homework answer and an uploaded file's bytes, on SQLite and on
 * PostgreSQL; a damaged copy is refused before anything changes.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HT = 3;
const ANSWER = 'Рынок сам регулирует цены: продавцы конкурируют за покупателя, поэтому цены снижаются.';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command's source entry on tsx (what `npm run backup` / `npm run restore` bundle). */
function command(entry: 'main' | 'restore-main', args: readonly string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/backup/${entry}.ts`, ...args],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A fresh, empty database of the dialect: a path for SQLite (no file yet), a new PostgreSQL database. */
async function freshDatabase(dialect: TestDialect, dirs: string[]): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'enot-restore-db-'));
    dirs.push(dir);
    return { dialect, url: `sqlite:${join(dir, 'enot.db')}`, drop: () => undefined };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `enot_backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function download(client: Awaited<ReturnType<TestServer['signIn']>>, url: string, fileName: string): Promise<Buffer> {
  const body = await client.sign(FILE_DOWNLOAD_PATH, { fileName });
  const response = await fetch(url + FILE_DOWNLOAD_PATH, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe.each(testDialects)('backup and restore on %s', (dialect) => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  const databases: TestDatabase[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const fresh = async () => {
    const database = await freshDatabase(dialect, dirs);
    databases.push(database);
    return database;
  };
  // PostgreSQL forces a checkpoint for every DROP DATABASE: one after another, seven of them took
  // over a minute on a machine kept busy (stress-ng on both cores). Dropped together, they share
  // checkpoints, and the hook has time for a slow disk.
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
    await Promise.all(databases.map((database) => database.drop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 240_000);

  it('brings back users, a homework answer and an uploaded file; refuses a non-empty target and a damaged copy', async () => {
    // The source: a running server with a new admin, a student's answer and a curator's upload.
    const source = await startTestServer({ database: await fresh() });
    servers.push(source);
    const { db, config } = source.server.services;
    await createAdmin(db, 'director', 'Пароль-директора-1', Date.now());
    const student = await source.signIn('student');
    await student.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabAAA' });
    await student.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: ANSWER }], markSave: 'TabAAA' });
    const curator = await source.signIn('curator');
    const uploaded = await curator.upload(files.createFile.path, { description: 'Кодификатор' }, PDF, 'Кодификатор.pdf');
    expect(uploaded.body).toMatchObject({ success: '1', fileName: 'Кодификатор.pdf' });
    const stored = readdirSync(config.STORAGE_DIR, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const users = (await db.selectFrom('users').select(['login']).orderBy('login').execute()).map((row) => row.login);
    expect(users).toContain('director');

    // npm run backup, with the server running.
    const backups = tempDir('enot-backups-');
    const env = { DATABASE_URL: source.database.url, STORAGE_DIR: config.STORAGE_DIR };
    const made = await command('main', [backups, '--keep', '3'], env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const [name] = readdirSync(backups);
    expect(name).toMatch(/^enot-\d{4}-\d\d-\d\dT\d{6}Z$/);
    const folder = join(backups, name!);
    expect(made.stdout).toContain(`Готово: ${folder}`);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'enot-backup',
      appVersion: '0.1.0',
      database: { kind: dialect, users: users.length, migration: knownMigrations().at(-1), migrations: knownMigrations().length },
      storage: { kind: 'local', files: stored.length, objectsCopied: true },
    });
    expect(readFileSync(join(folder, 'SHA256SUMS'), 'utf8')).toMatch(new RegExp(`^[0-9a-f]{64} {2}${manifest.database.file}$`, 'm'));
    if (dialect === 'postgres') expect(readFileSync(join(folder, manifest.database.file)).subarray(0, 5).toString()).toBe('PGDMP');

    // A damaged copy (one byte of the stored file changed) is refused; nothing is created.
    const damaged = join(tempDir('enot-damaged-'), name!);
    cpSync(folder, damaged, { recursive: true });
    const [storedFile] = readdirSync(join(damaged, 'storage'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const storedPath = join(storedFile!.parentPath, storedFile!.name);
    const bytes = readFileSync(storedPath);
    bytes[0] = bytes[0]! ^ 0xff;
    writeFileSync(storedPath, bytes);
    const damagedTarget = await fresh();
    const damagedStorage = join(tempDir('enot-damaged-storage-'), 'storage');
    const target = await fresh();
    const storageDir = join(tempDir('enot-restore-storage-'), 'storage');
    const targetEnv = { DATABASE_URL: target.url, STORAGE_DIR: storageDir };
    // npm run restore of the damaged copy, and of the good one into the fresh database and an empty folder.
    const [refused, restored] = await Promise.all([
      command('restore-main', [damaged], { DATABASE_URL: damagedTarget.url, STORAGE_DIR: damagedStorage }),
      command('restore-main', [folder], targetEnv),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Копия повреждена: файл storage\/\S+ не совпадает со своей контрольной суммой\. Восстановление не начато, ничего не изменено\.\n$/);
    expect(existsSync(damagedStorage)).toBe(false);
    if (dialect === 'sqlite') expect(existsSync(damagedTarget.url.slice('sqlite:'.length))).toBe(false);
    else expect(await postgresIsEmpty(damagedTarget.url)).toBe(true);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Файлы восстановлены: ${stored.length} шт.`);

    // Again into the now filled target: refused, in Russian, unless --force.
    await expect(restoreBackup({ config: targetEnv, folder, force: false, now: new Date() })).rejects.toThrow(
      /^Восстановление отменено: база данных .+ не пуста, хранилище файлов .+ не пусто\..*--force.*Ничего не изменено\.$/,
    );

    // A server on the restored database and storage reads everything back.
    const copy = await startTestServer({ database: target, keepDatabase: true, env: { STORAGE_DIR: storageDir, DEMO_SEED: 'off' } });
    servers.push(copy);
    const restoredUsers = (await copy.server.services.db.selectFrom('users').select(['login']).orderBy('login').execute()).map((row) => row.login);
    expect(restoredUsers).toEqual(users);
    const studentAgain = await copy.signIn('student');
    const work = await studentAgain.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'TabAAA' });
    expect(work.questions[0]!.userAnswer).toBe(ANSWER);
    expect((await download(await copy.signIn('curator'), copy.url, 'Кодификатор.pdf')).equals(PDF)).toBe(true);
  }, 240_000);

  it('restores an older backup over a newer database with --force; the server migrates it to the latest at start', async () => {
    const known = knownMigrations();
    const older = known[known.length - 4]!;
    const source = await fresh();
    const opened = openDatabase(source.url);
    await migrateTo(opened.db, older, domainMigrations);
    await opened.close();
    const storage = tempDir('enot-old-storage-');
    writeFileSync(join(storage, 'page.png'), 'картинка');
    const backups = tempDir('enot-old-backups-');
    const { folder, manifest } = await createBackup({ config: { DATABASE_URL: source.url, STORAGE_DIR: storage }, root: backups, now: new Date() });
    expect(manifest.database).toMatchObject({ migration: older, users: 0 });

    // The target already runs the latest schema with data: the rollback case.
    const target = await fresh();
    const storageDir = tempDir('enot-old-target-');
    const newer = await startTestServer({ database: target, keepDatabase: true, env: { STORAGE_DIR: storageDir } });
    await newer.close();
    writeFileSync(join(storageDir, 'new.txt'), 'новый файл');
    const config = { DATABASE_URL: target.url, STORAGE_DIR: storageDir };
    await expect(restoreBackup({ config, folder, force: false, now: new Date() })).rejects.toThrow(/^Восстановление отменено: база данных/);

    const report = await restoreBackup({ config, folder, force: true, now: new Date() });
    expect(report.migratesAtStart).toBe(true);
    expect(readdirSync(storageDir)).toEqual(['page.png']);
    const check = openDatabase(target.url);
    const applied = (await check.db.selectFrom('kysely_migration' as never).select('name' as never).execute()) as Array<{ name: string }>;
    await check.close();
    expect(applied.map((row) => row.name).sort().at(-1)).toBe(older);

    const server = await startTestServer({ database: target, keepDatabase: true, env: { STORAGE_DIR: storageDir, DEMO_SEED: 'off' } });
    servers.push(server);
    const after = (await server.server.services.db.selectFrom('kysely_migration' as never).select('name' as never).execute()) as Array<{ name: string }>;
    expect(after.map((row) => row.name).sort()).toEqual(known);
  }, 240_000);

  it('refuses a backup made by a newer version, nothing changed', async () => {
    const source = await fresh();
    const opened = openDatabase(source.url);
    await migrateTo(opened.db, knownMigrations()[0]!, domainMigrations);
    await opened.close();
    const { folder } = await createBackup({ config: { DATABASE_URL: source.url, STORAGE_DIR: tempDir('enot-empty-storage-') }, root: tempDir('enot-new-backups-'), now: new Date() });
    const manifestPath = join(folder, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, database: { ...manifest.database, migration: '9999-from-the-future' } }));
    const target = await fresh();
    const storageDir = join(tempDir('enot-new-target-'), 'files');
    await expect(restoreBackup({ config: { DATABASE_URL: target.url, STORAGE_DIR: storageDir }, folder, force: false, now: new Date() })).rejects.toThrow(
      /^Копия сделана более новой версией Енота \(её последняя миграция — 9999-from-the-future/,
    );
    expect(existsSync(storageDir)).toBe(false);
  }, 120_000);
});
