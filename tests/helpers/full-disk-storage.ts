import type { Readable } from 'node:stream';
import type { StorageProvider } from '../../server/providers/storage';

/** The error Node gives a write on a full disk. */
export function noSpaceError(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}

/**
 * The server's real storage with a switch: while `full` is on, every operation fails as a full
 * disk makes it fail (ENOSPC), so a test sees what a call or an upload answers then.
 */
export class FullDiskStorage implements StorageProvider {
  full = false;

  constructor(private readonly real: StorageProvider) {}

  private check(): void {
    if (this.full) throw noSpaceError();
  }

  async putPath(key: string, source: string): Promise<void> {
    this.check();
    return this.real.putPath(key, source);
  }

  async putStream(key: string, stream: Readable): Promise<number> {
    this.check();
    return this.real.putStream(key, stream);
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<void> {
    this.check();
    return this.real.putBytes(key, bytes);
  }

  async readBytes(key: string): Promise<Buffer | null> {
    this.check();
    return this.real.readBytes(key);
  }

  async size(key: string): Promise<number | null> {
    this.check();
    return this.real.size(key);
  }

  readStream(key: string, range?: { start: number; end: number }): Readable {
    this.check();
    return this.real.readStream(key, range);
  }

  async deletePrefix(prefix: string): Promise<void> {
    this.check();
    return this.real.deletePrefix(prefix);
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    this.check();
    return this.real.localFile(key);
  }
}
