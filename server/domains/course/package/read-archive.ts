import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { CoursePackageError } from './manifest';

/**
 * A package's files by their path inside it ('manifest.json', 'images/lesson-1.svg'), read from a
 * zip or from a folder (the demo course ships as a folder under resources/). Bounded before any
 * byte is inflated: a zip's entries are counted and their declared sizes summed, and fflate
 * inflates each entry into a buffer of exactly its declared size, so a zip bomb cannot grow
 * memory past the limit. Names must be plain relative paths: no '..', no absolute or drive paths.
 */
export type ArchiveEntries = ReadonlyMap<string, Uint8Array>;

export interface ArchiveLimits {
  maxEntries: number;
  /** Sum of the entries' uncompressed sizes. */
  maxTotalBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 10_000, maxTotalBytes: 512 * 1024 * 1024 };

const TEXTS = {
  notZip: 'Файл не похож на пакет курса: это не zip-архив',
  tooMany: (max: number) => `В пакете слишком много файлов (больше ${max})`,
  tooLarge: (mb: number) => `Пакет слишком большой: в распакованном виде больше ${mb} МБ`,
  badPath: (name: string) => `В пакете недопустимое имя файла «${name.slice(0, 120)}»: пути с «..», абсолютные и с обратной косой чертой не принимаются`,
  unsupported: 'Пакет сжат неизвестным способом: сохраните его как обычный zip',
};

/** A plain relative path of letters, digits and . _ - / segments; nothing that could leave a folder. */
export function safeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 300) return false;
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return false;
  return name.split('/').every((part, index, parts) => (part === '' ? index === parts.length - 1 : part !== '.' && part !== '..'));
}

export function readZip(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): ArchiveEntries {
  let entries = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        entries += 1;
        if (entries > limits.maxEntries) throw new CoursePackageError(TEXTS.tooMany(limits.maxEntries));
        if (!safeEntryName(file.name)) throw new CoursePackageError(TEXTS.badPath(file.name));
        if (file.compression !== 0 && file.compression !== 8) throw new CoursePackageError(TEXTS.unsupported);
        total += file.originalSize;
        if (total > limits.maxTotalBytes) throw new CoursePackageError(TEXTS.tooLarge(Math.round(limits.maxTotalBytes / 1024 / 1024)));
        // Folders carry no bytes.
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof CoursePackageError) throw error;
    throw new CoursePackageError(TEXTS.notZip);
  }
  return new Map(Object.entries(files));
}

/** A package unpacked into a folder: regular files only (a link could point anywhere). */
export async function readFolder(root: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveEntries> {
  const result = new Map<string, Uint8Array>();
  let total = 0;
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(join(root, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (!safeEntryName(name)) throw new CoursePackageError(TEXTS.badPath(name));
      if (entry.isDirectory()) {
        await walk(name);
        continue;
      }
      if (!entry.isFile()) continue;
      if (result.size + 1 > limits.maxEntries) throw new CoursePackageError(TEXTS.tooMany(limits.maxEntries));
      total += (await lstat(join(root, name))).size;
      if (total > limits.maxTotalBytes) throw new CoursePackageError(TEXTS.tooLarge(Math.round(limits.maxTotalBytes / 1024 / 1024)));
      result.set(name, new Uint8Array(await readFile(join(root, name))));
    }
  };
  await walk('');
  return result;
}

/** A zip file or a folder on disk. */
export async function readArchive(path: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveEntries> {
  const info = await lstat(path).catch(() => null);
  if (!info) throw new CoursePackageError(`Файл пакета не найден: ${path}`);
  if (info.isDirectory()) return readFolder(path, limits);
  if (info.size > limits.maxTotalBytes) throw new CoursePackageError(TEXTS.tooLarge(Math.round(limits.maxTotalBytes / 1024 / 1024)));
  return readZip(new Uint8Array(await readFile(path)), limits);
}
