import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, rm, stat, rename, writeFile, readFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { safeKey, type StorageProvider } from './provider';
import { parseS3Url, S3Storage } from './s3';

export { safeKey, type StorageProvider } from './provider';

/** The default provider: a directory on the local disk (shared by instances in scale-out mode). */
export class LocalDirectoryStorage implements StorageProvider {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const full = resolve(this.root, safeKey(key));
    if (!full.startsWith(this.root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  async putPath(key: string, source: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await cp(source, target, { recursive: true, force: true });
  }

  async putStream(key: string, stream: Readable): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${target}.part-${process.pid}-${Date.now()}`;
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    try {
      await pipeline(stream, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return bytes;
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }

  async readBytes(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  readStream(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    return { path: this.pathOf(key), release: async () => undefined };
  }
}

/** STORAGE_URL (s3://…) when set, else the STORAGE_DIR folder. */
export function createStorage(config: { STORAGE_DIR: string; STORAGE_URL?: string }): StorageProvider {
  if (config.STORAGE_URL) return new S3Storage(parseS3Url(config.STORAGE_URL));
  return new LocalDirectoryStorage(config.STORAGE_DIR);
}
