import { cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

/** Why a backup did not run, in words for the operator. */
export class BackupError extends Error {}

export interface BackupManifest {
  createdAt: string;
  /** The SQLite copy inside the folder. */
  database: { file: string; source: string; bytes: number };
  /** The storage folder's copy inside the folder, or null when the storage folder did not exist yet. */
  storage: { folder: string; source: string; files: number; bytes: number } | null;
}

/** The command that backs up a PostgreSQL database instead (the password stays in DATABASE_URL, not on screen). */
export function postgresBackupHint(folder: string): string {
  return [
    'База данных — PostgreSQL: её копию делает pg_dump, а не эта команда:',
    `  pg_dump --format=custom --file="${join(folder, 'enot.pgdump')}" "$DATABASE_URL"`,
    'Восстановление: pg_restore --clean --if-exists --dbname="$DATABASE_URL" enot.pgdump',
  ].join('\n');
}

async function folderSize(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * A consistent copy of the SQLite database (`VACUUM INTO`: one read snapshot taken while the
 * server keeps writing) and of the storage folder, with manifest.json. The folder must be new or empty.
 */
export async function backupSqlite(options: { databaseUrl: string; storageDir: string; folder: string; now: Date }): Promise<BackupManifest> {
  const source = resolve(options.databaseUrl.slice('sqlite:'.length));
  if (!existsSync(source)) throw new BackupError(`Файла базы данных ${source} нет: нечего копировать.`);
  const folder = resolve(options.folder);
  if (existsSync(folder) && (await readdir(folder)).length > 0) throw new BackupError(`Папка ${folder} не пуста: укажите новую папку для копии.`);
  await mkdir(folder, { recursive: true });

  const database = join(folder, 'enot.db');
  const sqlite = new Database(source, { fileMustExist: true });
  try {
    // VACUUM INTO copies one read snapshot (WAL lets the server keep writing meanwhile). The online
    // backup API restarts whenever another connection writes between its steps, and a server under
    // load writes all the time (each signed call's replay row): it could copy forever.
    sqlite.prepare('VACUUM INTO ?').run(database);
  } finally {
    sqlite.close();
  }

  // Files are written before the rows that name them, so a copy taken after the database has every file it names.
  const storageSource = resolve(options.storageDir);
  let storage: BackupManifest['storage'] = null;
  if (existsSync(storageSource)) {
    await cp(storageSource, join(folder, 'storage'), { recursive: true, preserveTimestamps: true });
    storage = { folder: 'storage', source: storageSource, ...(await folderSize(join(folder, 'storage'))) };
  }
  const manifest: BackupManifest = {
    createdAt: options.now.toISOString(),
    database: { file: 'enot.db', source, bytes: (await stat(database)).size },
    storage,
  };
  await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
