import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskSpaceCheck, watchedFolders } from './disk-space';

const MiB = 1024 * 1024;

describe('the disk space check of /readyz', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('watches the storage folder unless files are in S3, and the SQLite folder unless PostgreSQL', () => {
    expect(watchedFolders({ STORAGE_DIR: '/srv/enot/storage', DATABASE_URL: 'sqlite:/srv/enot/db/enot.db' })).toEqual([
      { what: 'хранилища файлов', path: '/srv/enot/storage' },
      { what: 'базы данных SQLite', path: '/srv/enot/db' },
    ]);
    expect(watchedFolders({ STORAGE_DIR: './x', STORAGE_URL: 's3://bucket', DATABASE_URL: 'postgres://db/enot' })).toEqual([]);
  });

  it('names each folder whose disk is below the threshold, or that cannot be asked', async () => {
    const full = mkdtempSync(join(tmpdir(), 'enot-disk-full-'));
    const roomy = mkdtempSync(join(tmpdir(), 'enot-disk-roomy-'));
    made.push(full, roomy);
    const folders = [
      { what: 'хранилища файлов', path: full },
      { what: 'базы данных SQLite', path: roomy },
    ];
    const free = async (path: string) => (path === full ? 300 * MiB : 5000 * MiB);
    expect(await diskSpaceCheck(folders, 1024, free)()).toEqual([`Мало места на диске хранилища файлов (${full}): свободно 300 МБ, нужно не меньше 1024 МБ (DISK_FREE_MIN_MB)`]);
    expect(await diskSpaceCheck(folders, 100, free)()).toEqual([]);
    const failing = async () => Promise.reject(new Error('EIO'));
    expect(await diskSpaceCheck(folders.slice(0, 1), 1, failing)()).toEqual([`Не удаётся узнать свободное место на диске хранилища файлов (${full})`]);
  });
});
