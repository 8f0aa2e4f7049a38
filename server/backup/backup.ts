import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import packageJson from '../../package.json';
import type { Config } from '../config';
import { copyFolder, isInside, type CopiedFile } from './files';
import { BackupError, CHECKSUMS_FILE, checksumLines, MANIFEST_FILE, sha256File, writeManifest, type BackupManifest } from './manifest';
import { describePostgres, dumpPostgres } from './postgres';
import { backupBucket, describeS3, listingText } from './s3';
import { dumpSqlite, fileBytes } from './sqlite';

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'STORAGE_DIR' | 'STORAGE_URL'>;

/** A finished backup's folder name: `enot-2026-12-06T093000Z` (UTC), sorted by time as text. */
const BACKUP_NAME = /^enot-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?$/;

function folderName(now: Date): string {
  return `enot-${now.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

const STORAGE_FOLDER = 'storage';
const LISTING_FILE = 'storage-listing.tsv';

/**
 * One complete backup in a new timestamped folder under `root`: the database (SQLite through the
 * online backup API, PostgreSQL through pg_dump -Fc), then the stored files (files are written
 * before the rows that name them, so every file the copied rows name is there), a SHA256SUMS list
 * and manifest.json. Built in `<name>.partial` and renamed when complete, so a folder with the
 * final name is always whole. `keep` removes the oldest finished backups beyond that many.
 */
export async function createBackup(options: { config: BackupConfig; root: string; now: Date; keep?: number; s3ListingOnly?: boolean }) {
  const { config } = options;
  const root = resolve(options.root);
  if (!config.STORAGE_URL && isInside(root, config.STORAGE_DIR)) {
    throw new BackupError(`Папка копий ${root} внутри папки файлов STORAGE_DIR: копии копировали бы сами себя. Выберите другую папку.`);
  }
  await mkdir(root, { recursive: true });
  const base = folderName(options.now);
  let name = base;
  for (let n = 2; existsSync(join(root, name)) || existsSync(join(root, `${name}.partial`)); n += 1) name = `${base}-${n}`;
  const folder = join(root, name);
  const work = `${folder}.partial`;
  await mkdir(join(work, 'database'), { recursive: true });
  try {
    const manifest = await fill(work, config, options);
    await rename(work, folder);
    const removed = options.keep ? await keepNewest(root, options.keep) : [];
    return { folder, manifest, removed };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function fill(work: string, config: BackupConfig, options: { now: Date; s3ListingOnly?: boolean }): Promise<BackupManifest> {
  const sums = new Map<string, string>();
  const sqlite = config.DATABASE_URL.startsWith('sqlite:');
  const databaseFile = sqlite ? 'database/enot.db' : 'database/enot.pgdump';
  const databasePath = join(work, ...databaseFile.split('/'));
  const figures: { source: string; migration: string | null; migrations: number; users: number; serverVersion?: string; toolVersion?: string } = sqlite
    ? await dumpSqlite(config.DATABASE_URL, databasePath)
    : await dumpPostgres(config.DATABASE_URL, databasePath);
  const databaseSha = await sha256File(databasePath);
  sums.set(databaseFile, databaseSha);

  let copied: CopiedFile[];
  let storage: BackupManifest['storage'];
  if (config.STORAGE_URL) {
    const listingOnly = options.s3ListingOnly === true;
    const bucket = await backupBucket(config.STORAGE_URL, join(work, STORAGE_FOLDER), listingOnly);
    copied = bucket.copied;
    await writeFile(join(work, LISTING_FILE), listingText(bucket.objects));
    sums.set(LISTING_FILE, await sha256File(join(work, LISTING_FILE)));
    const bytes = bucket.objects.reduce((sum, object) => sum + object.bytes, 0);
    storage = { kind: 's3', source: describeS3(config.STORAGE_URL), folder: STORAGE_FOLDER, files: bucket.objects.length, bytes, objectsCopied: !listingOnly, listing: LISTING_FILE };
  } else {
    copied = await copyFolder(resolve(config.STORAGE_DIR), join(work, STORAGE_FOLDER));
    const bytes = copied.reduce((sum, file) => sum + file.bytes, 0);
    storage = { kind: 'local', source: resolve(config.STORAGE_DIR), folder: STORAGE_FOLDER, files: copied.length, bytes, objectsCopied: true };
  }
  for (const file of copied) sums.set(`${STORAGE_FOLDER}/${file.path}`, file.sha256);

  const list = checksumLines(sums);
  await writeFile(join(work, CHECKSUMS_FILE), list);
  const manifest: BackupManifest = {
    format: 'enot-backup',
    formatVersion: 1,
    createdAt: options.now.toISOString(),
    appVersion: packageJson.version,
    database: {
      kind: sqlite ? 'sqlite' : 'postgres',
      file: databaseFile,
      bytes: await fileBytes(databasePath),
      sha256: databaseSha,
      migration: figures.migration,
      migrations: figures.migrations,
      users: figures.users,
      source: sqlite ? figures.source : describePostgres(config.DATABASE_URL),
      ...(figures.serverVersion ? { serverVersion: figures.serverVersion, toolVersion: figures.toolVersion } : {}),
    },
    storage,
    checksums: { file: CHECKSUMS_FILE, sha256: createHash('sha256').update(list).digest('hex'), files: sums.size },
  };
  await writeManifest(work, manifest);
  return manifest;
}

/** Removes finished backups beyond the newest `keep` (only folders named and made like ours). */
export async function keepNewest(root: string, keep: number): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const backups = entries
    .filter((entry) => entry.isDirectory() && BACKUP_NAME.test(entry.name) && existsSync(join(root, entry.name, MANIFEST_FILE)))
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const removed: string[] = [];
  for (const name of backups.slice(keep)) {
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(join(root, name));
  }
  return removed;
}
