import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** Why a backup or a restore did not run, in words for the operator (Russian, no stack). */
export class BackupError extends Error {}

export const MANIFEST_FILE = 'manifest.json';
/** `sha256sum -c SHA256SUMS` inside the folder checks the copy by hand too. */
export const CHECKSUMS_FILE = 'SHA256SUMS';

const checksum = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal('enot-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** Inside the backup folder. */
    file: z.string(),
    bytes: z.number().int().min(0),
    sha256: checksum,
    /** The last schema migration applied (null: a database the server never started on). */
    migration: z.string().nullable(),
    migrations: z.number().int().min(0),
    users: z.number().int().min(0),
    /** Where it was copied from, without password. */
    source: z.string(),
    /** PostgreSQL: the server's and pg_dump's versions (pg_restore must not be older than pg_dump). */
    serverVersion: z.string().optional(),
    toolVersion: z.string().optional(),
  }),
  storage: z.object({
    kind: z.enum(['local', 's3']),
    /** A folder, or s3://bucket/prefix without keys. */
    source: z.string(),
    /** Copied files (objects) under this folder of the backup. */
    folder: z.string(),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** S3 with --s3-listing-only: `listing` names the objects, their bytes are not in the backup. */
    objectsCopied: z.boolean(),
    listing: z.string().optional(),
  }),
  checksums: z.object({ file: z.literal(CHECKSUMS_FILE), sha256: checksum, files: z.number().int().min(0) }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** One line per file, as sha256sum writes them, sorted by path (slashes on every OS). */
export function checksumLines(entries: ReadonlyMap<string, string>): string {
  return [...entries.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, sha]) => `${sha}  ${path}\n`)
    .join('');
}

export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
}

const damaged = (what: string) => new BackupError(`Копия повреждена: ${what}. Восстановление не начато, ничего не изменено.`);

/** Every file under `folder` but the manifest and the checksum list, relative, with slashes. */
async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => path !== MANIFEST_FILE && path !== CHECKSUMS_FILE);
}

/**
 * Reads the manifest and checks the whole folder against it before anything is touched: the
 * checksum list's own hash, every listed file's hash, no file missing or added, the counts.
 */
export async function verifyBackup(folder: string): Promise<{ manifest: BackupManifest; files: string[] }> {
  let raw: string;
  try {
    raw = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`В папке ${folder} нет ${MANIFEST_FILE}: это не копия Енота или она сделана не до конца. Ничего не изменено.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw damaged(`${MANIFEST_FILE} не читается`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw damaged(`в ${MANIFEST_FILE} не хватает сведений или они неверны`);
  const manifest = result.data;

  let listText: string;
  try {
    listText = await readFile(join(folder, CHECKSUMS_FILE), 'utf8');
  } catch {
    throw damaged(`нет списка контрольных сумм ${CHECKSUMS_FILE}`);
  }
  if (createHash('sha256').update(listText).digest('hex') !== manifest.checksums.sha256) throw damaged(`список ${CHECKSUMS_FILE} изменён после копирования`);
  const listed = new Map<string, string>();
  for (const line of listText.split('\n').filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) throw damaged(`строка «${line.slice(0, 80)}» в ${CHECKSUMS_FILE} не читается`);
    listed.set(match[2]!, match[1]!);
  }
  if (listed.size !== manifest.checksums.files) throw damaged(`в ${CHECKSUMS_FILE} ${listed.size} файлов, а в описании ${manifest.checksums.files}`);

  const present = new Set(await filesOf(folder));
  const missing = [...listed.keys()].filter((path) => !present.has(path));
  if (missing.length > 0) throw damaged(`нет файла ${missing[0]}${missing.length > 1 ? ` и ещё ${missing.length - 1}` : ''}`);
  const extra = [...present].filter((path) => !listed.has(path));
  if (extra.length > 0) throw damaged(`лишний файл ${extra[0]}, которого не было в копии`);
  for (const [path, expected] of listed) {
    const full = join(folder, ...path.split('/'));
    if ((await sha256File(full)) !== expected) throw damaged(`файл ${path} не совпадает со своей контрольной суммой`);
  }
  if (listed.get(manifest.database.file) !== manifest.database.sha256) throw damaged(`файла базы данных ${manifest.database.file} нет в списке сумм`);
  const storageFiles = [...listed.keys()].filter((path) => path.startsWith(`${manifest.storage.folder}/`));
  let storageBytes = 0;
  for (const path of storageFiles) storageBytes += (await stat(join(folder, ...path.split('/')))).size;
  const expectedFiles = manifest.storage.objectsCopied ? manifest.storage.files : 0;
  if (storageFiles.length !== expectedFiles || (manifest.storage.objectsCopied && storageBytes !== manifest.storage.bytes)) {
    throw damaged(`в папке ${manifest.storage.folder} ${storageFiles.length} файлов, а в описании ${expectedFiles}`);
  }
  return { manifest, files: [...listed.keys()] };
}
