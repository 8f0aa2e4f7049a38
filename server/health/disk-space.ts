import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config';

const MiB = 1024 * 1024;

/** A folder whose disk the server writes to, named for the operator. */
export interface WatchedFolder {
  what: string;
  path: string;
}

/** Free bytes available to this process on the disk of `path`. */
export type FreeSpace = (path: string) => Promise<number>;

const statfsFree: FreeSpace = async (path) => {
  const info = await statfs(path);
  return info.bavail * info.bsize;
};

/** The storage folder (unless files live in S3) and the SQLite database's folder (unless PostgreSQL or in memory). */
export function watchedFolders(config: Pick<Config, 'STORAGE_DIR' | 'STORAGE_URL' | 'DATABASE_URL'>): WatchedFolder[] {
  const folders: WatchedFolder[] = [];
  if (!config.STORAGE_URL) folders.push({ what: 'хранилища файлов', path: resolve(config.STORAGE_DIR) });
  if (config.DATABASE_URL.startsWith('sqlite:')) {
    const file = config.DATABASE_URL.slice('sqlite:'.length);
    if (file !== '' && file !== ':memory:') folders.push({ what: 'базы данных SQLite', path: dirname(resolve(file)) });
  }
  return folders;
}

/** The folder itself or, before it is first made, the nearest one above it: the same disk as a rule. */
function existingFolder(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * Why the server is short of disk: one Russian line per watched folder with less than `minFreeMb`
 * free (an empty list when all is well). /readyz reports them with 503, so a balancer and the
 * operator's monitoring see the disk filling up before calls start failing with 507.
 */
export function diskSpaceCheck(folders: WatchedFolder[], minFreeMb: number, free: FreeSpace = statfsFree): () => Promise<string[]> {
  return async () => {
    const low: string[] = [];
    for (const folder of folders) {
      const bytes = await free(existingFolder(folder.path)).catch(() => null);
      if (bytes === null) {
        low.push(`Не удаётся узнать свободное место на диске ${folder.what} (${folder.path})`);
      } else if (bytes < minFreeMb * MiB) {
        low.push(`Мало места на диске ${folder.what} (${folder.path}): свободно ${Math.floor(bytes / MiB)} МБ, нужно не меньше ${minFreeMb} МБ (DISK_FREE_MIN_MB)`);
      }
    }
    return low;
  };
}
