import type { Readable } from 'node:stream';

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
   * remote provider (S3) downloads into a temporary file and delete it on `release`.
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
