import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/shared/contract';
import { FILE_DOWNLOAD_PATH } from '../../src/shared/contract/files';
import { startS3StandIn, type S3StandIn } from '../../tests/helpers/s3-stand-in';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** S3 storage (STORAGE_URL): the backup downloads the objects under the prefix, the restore uploads them. */
describe('backup and restore with S3 storage', () => {
  let s3: S3StandIn;
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'enot-s3-backup-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
    await s3.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('copies the objects, restores them under an empty prefix; a listing-only backup names what the bucket lacks', async () => {
    const sourceUrl = s3.storageUrl({ withCredentials: true, prefix: 'school' });
    const source = await startTestServer({ env: { STORAGE_URL: sourceUrl } });
    servers.push(source);
    const curator = await source.signIn('curator');
    expect((await curator.upload(files.createFile.path, { description: 'Кодификатор' }, PDF, 'Кодификатор.pdf')).body).toMatchObject({ success: '1' });
    const config = { DATABASE_URL: source.server.services.config.DATABASE_URL, STORAGE_DIR: source.server.services.config.STORAGE_DIR, STORAGE_URL: sourceUrl };
    const { folder, manifest } = await createBackup({ config, root: tempDir(), now: new Date() });
    expect(manifest.storage).toMatchObject({ kind: 's3', source: `s3://${s3.bucket}/school`, objectsCopied: true, listing: 'storage-listing.tsv' });
    expect(manifest.storage.files).toBeGreaterThan(0);
    // No keys from the address in the manifest.
    expect(readFileSync(join(folder, 'manifest.json'), 'utf8')).not.toContain('S3RVER');

    const target = tempDir();
    const targetUrl = s3.storageUrl({ withCredentials: true, prefix: 'restored' });
    const targetConfig = { DATABASE_URL: `sqlite:${join(target, 'enot.db')}`, STORAGE_DIR: join(target, 'unused'), STORAGE_URL: targetUrl };
    const report = await restoreBackup({ config: targetConfig, folder, force: false, now: new Date() });
    expect(report.files).toBe(manifest.storage.files);
    const copy = await startTestServer({ database: { dialect: 'sqlite', url: targetConfig.DATABASE_URL, drop: () => undefined }, env: { STORAGE_URL: targetUrl, DEMO_SEED: 'off' } });
    servers.push(copy);
    const reader = await copy.signIn('curator');
    const body = await reader.sign(FILE_DOWNLOAD_PATH, { fileName: 'Кодификатор.pdf' });
    const response = await fetch(copy.url + FILE_DOWNLOAD_PATH, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);

    // Listing only: the bytes stay with the provider; restoring over an empty prefix names the missing keys.
    const listed = await createBackup({ config, root: tempDir(), now: new Date(), s3ListingOnly: true });
    expect(listed.manifest.storage).toMatchObject({ objectsCopied: false, files: manifest.storage.files });
    const bare = tempDir();
    const elsewhere = s3.storageUrl({ withCredentials: true, prefix: 'empty' });
    const partial = await restoreBackup({ config: { DATABASE_URL: `sqlite:${join(bare, 'enot.db')}`, STORAGE_DIR: bare, STORAGE_URL: elsewhere }, folder: listed.folder, force: false, now: new Date() });
    expect(partial.files).toBe(0);
    expect(partial.missingObjects).toHaveLength(manifest.storage.files);
  }, 120_000);
});
