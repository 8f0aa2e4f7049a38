import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { BackupError } from './manifest';
import { migrationState } from './migration-state';

/** The file of a `sqlite:<file>` DATABASE_URL, absolute. */
export function sqliteFile(databaseUrl: string): string {
  return resolve(databaseUrl.slice('sqlite:'.length));
}

/** Applied migrations and user count of a SQLite file (opened read-only). */
function figuresOf(file: string): { migration: string | null; migrations: number; users: number } {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const hasTable = (name: string) => sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
    const applied = hasTable('kysely_migration') ? (sqlite.prepare('select name from kysely_migration').all() as Array<{ name: string }>).map((row) => row.name) : [];
    const users = hasTable('users') ? (sqlite.prepare('select count(*) as n from users').get() as { n: number }).n : 0;
    return { ...migrationState(applied), users };
  } finally {
    sqlite.close();
  }
}

/**
 * A consistent copy of a live SQLite database through the online backup API. All pages go in one
 * step: one read transaction, so the copy is one moment of the database, and writers go on
 * meanwhile (WAL). Stepping a few pages at a time would restart whenever the server wrote, and a
 * busy server writes all the time.
 */
export async function dumpSqlite(databaseUrl: string, target: string) {
  const source = sqliteFile(databaseUrl);
  if (!existsSync(source)) throw new BackupError(`Файла базы данных ${source} нет: нечего копировать. Копия не сделана.`);
  const sqlite = new Database(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target, { progress: () => 0x7fffffff });
  } finally {
    sqlite.close();
  }
  // The copy keeps the source's WAL mode; as a plain rollback-journal file it is one self-contained
  // file that read-only opens leave alone (no -shm beside it). The server turns WAL on at start.
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  checkIntegrity(target);
  return { source, ...figuresOf(target) };
}

function checkIntegrity(file: string): void {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const verdict = sqlite.pragma('quick_check', { simple: true });
    if (verdict !== 'ok') throw new BackupError(`Копия базы ${file} не прошла проверку SQLite (${String(verdict)}).`);
  } finally {
    sqlite.close();
  }
}

/** True when the file is absent, empty, or has no tables. */
export function sqliteIsEmpty(file: string): boolean {
  if (!existsSync(file)) return true;
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (sqlite.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n === 0;
  } finally {
    sqlite.close();
  }
}

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

/**
 * Puts the backup's database at `target`: copied beside it and checked first, then renamed into
 * place. An existing database (with --force) is moved aside with its WAL, not deleted.
 */
export async function restoreSqlite(backupFile: string, target: string, stamp: string): Promise<{ movedAside: string | null }> {
  const temporary = `${target}.restoring-${process.pid}`;
  await mkdir(dirname(target), { recursive: true });
  await copyFile(backupFile, temporary);
  try {
    checkIntegrity(temporary);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  let movedAside: string | null = null;
  if (existsSync(target)) {
    movedAside = `${target}.before-restore-${stamp}`;
    for (const suffix of SIDE_FILES) if (existsSync(target + suffix)) await rename(target + suffix, movedAside + suffix);
  } else {
    // A WAL or journal left without its database would be applied to the restored one.
    for (const suffix of SIDE_FILES.slice(1)) await rm(target + suffix, { force: true });
  }
  await rename(temporary, target);
  return { movedAside };
}

export async function fileBytes(path: string): Promise<number> {
  return (await stat(path)).size;
}
