import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BackupConfig } from './backup';
import { copyFolder, isEmptyFolder, moveAside } from './files';
import { BackupError, verifyBackup, type BackupManifest } from './manifest';
import { knownMigrations, newerBackupProblem } from './migration-state';
import { describePostgres, postgresIsEmpty, restorePostgres } from './postgres';
import { bucketIsEmpty, describeS3, missingFromBucket, parseListing, restoreBucket } from './s3';
import { restoreSqlite, sqliteFile, sqliteIsEmpty } from './sqlite';

export interface RestoreReport {
  manifest: BackupManifest;
  /** Where the replaced SQLite file and storage folder were moved (--force), for the operator to delete. */
  movedAside: string[];
  /** Files (objects) put into the storage. */
  files: number;
  /** Listing-only S3 backup: keys of the listing the bucket does not have. */
  missingObjects: string[];
  /** The restored schema is older than this code: the server migrates it at start. */
  migratesAtStart: boolean;
}

const unchanged = 'Ничего не изменено.';

/**
 * Restores a backup folder into DATABASE_URL and the storage (STORAGE_DIR or STORAGE_URL). Everything
 * is checked before anything changes: the checksums, that the backup is not from a newer version,
 * and that the database and the storage are empty (or `force`). The server is not running meanwhile
 * (README); at its next start it migrates an older schema to the latest.
 */
export async function restoreBackup(options: { config: BackupConfig; folder: string; force: boolean; now: Date }): Promise<RestoreReport> {
  const { config, force } = options;
  const folder = resolve(options.folder);
  const { manifest, files } = await verifyBackup(folder);
  const sqlite = config.DATABASE_URL.startsWith('sqlite:');
  if (sqlite !== (manifest.database.kind === 'sqlite')) {
    const kinds = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    throw new BackupError(`Копия сделана с базы ${kinds[manifest.database.kind]}, а DATABASE_URL указывает на ${sqlite ? 'SQLite' : 'PostgreSQL'}: восстановите в базу того же вида. ${unchanged}`);
  }
  const newer = newerBackupProblem(manifest.database.migration);
  if (newer) throw new BackupError(newer);

  const target = sqlite ? sqliteFile(config.DATABASE_URL) : describePostgres(config.DATABASE_URL);
  const databaseEmpty = sqlite ? sqliteIsEmpty(target) : await postgresIsEmpty(config.DATABASE_URL);
  const storageTarget = config.STORAGE_URL ? describeS3(config.STORAGE_URL) : resolve(config.STORAGE_DIR);
  const restoresFiles = manifest.storage.objectsCopied;
  const storageEmpty = !restoresFiles || (config.STORAGE_URL ? await bucketIsEmpty(config.STORAGE_URL) : await isEmptyFolder(storageTarget));
  if (!force && (!databaseEmpty || !storageEmpty)) {
    const busy = [!databaseEmpty && `база данных ${target} не пуста`, !storageEmpty && `хранилище файлов ${storageTarget} не пусто`].filter(Boolean).join(', ');
    throw new BackupError(
      `Восстановление отменено: ${busy}. Копию восстанавливают в новую базу и пустое хранилище. ` +
        `Чтобы заменить данные, остановите сервер и повторите с --force: ${sqlite ? 'прежний файл базы будет отложен рядом' : 'всё прежнее содержимое базы будет удалено'}, ` +
        `${config.STORAGE_URL ? 'файлы в корзине с теми же ключами — заменены' : 'прежняя папка файлов — отложена рядом'}. ${unchanged}`,
    );
  }

  const stamp = options.now.toISOString().slice(0, 19).replaceAll(':', '') + 'Z';
  const movedAside: string[] = [];
  const databaseFile = join(folder, ...manifest.database.file.split('/'));
  if (sqlite) {
    const { movedAside: aside } = await restoreSqlite(databaseFile, target, stamp);
    if (aside) movedAside.push(aside);
  } else {
    await restorePostgres(databaseFile, config.DATABASE_URL, { force: !databaseEmpty, dumpToolVersion: manifest.database.toolVersion });
  }

  const storageFiles = files.filter((path) => path.startsWith(`${manifest.storage.folder}/`)).map((path) => path.slice(manifest.storage.folder.length + 1));
  let missingObjects: string[] = [];
  if (restoresFiles) {
    if (config.STORAGE_URL) {
      await restoreBucket(join(folder, manifest.storage.folder), storageFiles, config.STORAGE_URL);
    } else {
      if (!storageEmpty && !(await isEmptyFolder(storageTarget))) movedAside.push(await moveAside(storageTarget, stamp));
      await copyFolder(join(folder, manifest.storage.folder), storageTarget);
    }
  } else if (manifest.storage.listing && config.STORAGE_URL) {
    const listing = parseListing(await readFile(join(folder, manifest.storage.listing), 'utf8'));
    missingObjects = await missingFromBucket(config.STORAGE_URL, listing);
  }
  const known = knownMigrations();
  return {
    manifest,
    movedAside,
    files: restoresFiles ? storageFiles.length : 0,
    missingObjects,
    migratesAtStart: manifest.database.migration !== known.at(-1),
  };
}
