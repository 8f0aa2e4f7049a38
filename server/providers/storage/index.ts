import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, rm, stat, rename, writeFile, readFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded sources, HLS renditions and previews live (ARCHITECTURE §7 'storage'). Keys are
 * relative paths of plain segments ('videos/12-ab/high/seg_00001.ts'); a key that could escape the
 * root is refused by `safeKey`, whatever the caller validated before.
 */
export interface StorageProvider {
  /** Copies a local file or folder (recursively) under `key`. */
  putPath(key: string, source: string): Promise<void>;
  /** Writes a stream under `key`; returns the byte count. */
  putStream(key: string, stream: Readable): Promise<number>;
  putBytes(key: string, bytes: Uint8Array): Promise<void>;
  readBytes(key: string): Promise<Buffer | null>;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  /** A stream of the whole object or of the inclusive byte range. */
  readStream(key: string, range?: { start: number; end: number }): Readable;
  /** Removes everything under `prefix` (a folder key). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A local file path for tools like ffmpeg. The local provider answers with the stored file; a
   * remote provider would download into a temporary file and delete it on `release`.
   */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Joins key parts, refusing anything but plain names ('..', slashes inside parts, empty parts). */
export function safeKey(...parts: string[]): string {
  const segments = parts.flatMap((part) => part.split('/'));
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.includes('..')) throw new Error(`unsafe storage key: ${parts.join('/')}`);
  }
  return segments.join('/');
}

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

export function createStorage(config: { STORAGE_DIR: string }): StorageProvider {
  return new LocalDirectoryStorage(config.STORAGE_DIR);
}
