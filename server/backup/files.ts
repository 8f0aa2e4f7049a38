import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A copied file: its path relative to the copied folder (slashes), size and SHA-256. */
export interface CopiedFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** A file the local storage is still writing (LocalDirectoryStorage.putStream renames it when done). */
const PARTIAL = /\.part-\d+-\d+$/;

/** Copies `from` to `to` and hashes the bytes on the way: one read of each file. */
export function copyHashed(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  return writeHashed(createReadStream(from), to);
}

/** Writes a stream to the file `to` (folders made) and hashes it on the way. */
export async function writeHashed(source: Readable, to: string): Promise<{ bytes: number; sha256: string }> {
  await mkdir(dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, createWriteStream(to));
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Copies every file under `source` into `target` (hashing each). Files removed while the copy runs
 * are skipped (the server deleted them); files still being written are left out.
 */
export async function copyFolder(source: string, target: string): Promise<CopiedFile[]> {
  const copied: CopiedFile[] = [];
  if (!existsSync(source)) return copied;
  const entries = await readdir(source, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || PARTIAL.test(entry.name)) continue;
    const path = relative(source, join(entry.parentPath, entry.name)).split(sep).join('/');
    try {
      copied.push({ path, ...(await copyHashed(join(source, path), join(target, path))) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

/** True when `folder` does not exist or holds nothing. */
export async function isEmptyFolder(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return true;
  if (!(await stat(folder)).isDirectory()) return false;
  return (await readdir(folder)).length === 0;
}

/** `a` is `b` or lies inside it. */
export function isInside(a: string, b: string): boolean {
  const inner = resolve(a);
  const outer = resolve(b);
  return inner === outer || inner.startsWith(outer + sep);
}

/** Moves `path` aside to `<path>.before-restore-<stamp>` (kept for the operator to delete). */
export async function moveAside(path: string, stamp: string): Promise<string> {
  const aside = `${path}.before-restore-${stamp}`;
  await rename(path, aside);
  return aside;
}
