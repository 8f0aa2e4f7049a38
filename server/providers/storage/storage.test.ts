import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../tests/helpers/s3-stand-in';
import { createStorage, LocalDirectoryStorage, type StorageProvider } from './index';
import { parseS3Url, S3Storage } from './s3';

const work = mkdtempSync(join(tmpdir(), 'enot-storage-contract-'));
let s3: S3StandIn;

beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The same behaviour, whichever provider STORAGE_DIR / STORAGE_URL chose. */
const providers: { name: string; make: () => StorageProvider }[] = [
  { name: 'local folder', make: () => new LocalDirectoryStorage(mkdtempSync(join(work, 'local-'))) },
  { name: 'S3 bucket', make: () => createStorage({ STORAGE_DIR: '/nonexistent', STORAGE_URL: s3.storageUrl({ withCredentials: true, prefix: `run${Date.now()}` }) }) },
];

describe.each(providers)('storage contract: $name', ({ name, make }) => {
  let storage: StorageProvider;
  beforeAll(() => {
    storage = make();
    expect(storage instanceof S3Storage).toBe(name === 'S3 bucket');
  });

  it('stores bytes and reads them back whole, by size and by inclusive range', async () => {
    await storage.putBytes('pictures/a.txt', Buffer.from('0123456789'));
    expect((await storage.readBytes('pictures/a.txt'))?.toString()).toBe('0123456789');
    expect(await storage.size('pictures/a.txt')).toBe(10);
    expect(await text(storage.readStream('pictures/a.txt'))).toBe('0123456789');
    expect(await text(storage.readStream('pictures/a.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(storage.readStream('pictures/a.txt', { start: 9, end: 9 }))).toBe('9');
    // Overwriting replaces the object.
    await storage.putBytes('pictures/a.txt', Buffer.from('new'));
    expect((await storage.readBytes('pictures/a.txt'))?.toString()).toBe('new');
  });

  it('a missing key is not found: null size and bytes, a failing stream', async () => {
    expect(await storage.size('pictures/missing.png')).toBeNull();
    expect(await storage.readBytes('pictures/missing.png')).toBeNull();
    await expect(text(storage.readStream('pictures/missing.png'))).rejects.toThrow();
  });

  it('copies a file and a whole folder (an HLS set), then removes the folder by its prefix only', async () => {
    const folder = join(work, `hls-${name.replace(/\W/g, '')}`);
    mkdirSync(join(folder, 'low'), { recursive: true });
    writeFileSync(join(folder, 'low', 'index.m3u8'), '#EXTM3U\nseg_00000.ts\n');
    writeFileSync(join(folder, 'low', 'seg_00000.ts'), Buffer.alloc(5000, 7));
    writeFileSync(join(folder, 'poster.png'), 'png');
    await storage.putPath('videos/k1', folder);
    await storage.putPath('videos/k10/only.txt', join(folder, 'poster.png'));
    expect((await storage.readBytes('videos/k1/low/index.m3u8'))?.toString()).toContain('seg_00000.ts');
    expect(await storage.size('videos/k1/low/seg_00000.ts')).toBe(5000);
    expect((await storage.readBytes('videos/k1/poster.png'))?.toString()).toBe('png');

    // A folder for ffmpeg: a real file with the same bytes, gone after release.
    const local = await storage.localFile('videos/k1/low/seg_00000.ts');
    expect(readFileSync(local.path)).toEqual(Buffer.alloc(5000, 7));
    await local.release();

    await storage.deletePrefix('videos/k1');
    expect(await storage.size('videos/k1/low/seg_00000.ts')).toBeNull();
    expect(await storage.size('videos/k1/poster.png')).toBeNull();
    // 'videos/k10' shares the text prefix 'videos/k1' but is another folder: it stays.
    expect((await storage.readBytes('videos/k10/only.txt'))?.toString()).toBe('png');
    // A single object is removed by its own key; removing what is absent is no error.
    await storage.deletePrefix('videos/k10/only.txt');
    expect(await storage.size('videos/k10/only.txt')).toBeNull();
    await storage.deletePrefix('videos/never-was');
  });

  it('writes a stream and reports its byte count', async () => {
    const written = await storage.putStream('uploads/s.bin', Readable.from([Buffer.from('abc'), Buffer.from('defg')]));
    expect(written).toBe(7);
    expect((await storage.readBytes('uploads/s.bin'))?.toString()).toBe('abcdefg');
  });

  it('refuses keys that could escape their folder before touching anything', async () => {
    await expect(storage.putBytes('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
    await expect(storage.deletePrefix('a//b')).rejects.toThrow(/unsafe storage key/);
  });
});

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint (path-style), region and credentials from the query', () => {
    const location = parseS3Url('s3://school-files/enot?endpoint=https://storage.example:9000&region=ru-central1&accessKeyId=AK&secretAccessKey=SK');
    expect(location.bucket).toBe('school-files');
    expect(location.prefix).toBe('enot');
    expect(location.client).toMatchObject({ endpoint: 'https://storage.example:9000', forcePathStyle: true, region: 'ru-central1', credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' } });
  });

  it('without credentials in the query leaves them to the SDK (AWS_ACCESS_KEY_ID …); without an endpoint, AWS addressing', () => {
    const location = parseS3Url('s3://school-files?region=eu-west-1');
    expect(location.prefix).toBe('');
    expect(location.client.credentials).toBeUndefined();
    expect(location.client.endpoint).toBeUndefined();
    expect(location.client.forcePathStyle).toBeUndefined();
  });

  it('refuses what is not an s3:// address or has an unsafe prefix', () => {
    expect(() => parseS3Url('https://school-files')).toThrow(/s3:\/\//);
    expect(() => parseS3Url('s3://school-files/a%2F..%2Fb')).toThrow(/unsafe storage key/);
  });

  it('a bucket that does not exist fails loudly instead of reading as "not found"', async () => {
    const storage = createStorage({ STORAGE_DIR: '/nonexistent', STORAGE_URL: `s3://no-such-bucket?endpoint=${encodeURIComponent(s3.endpoint)}&accessKeyId=S3RVER&secretAccessKey=S3RVER` });
    await expect(storage.putBytes('a.txt', Buffer.from('x'))).rejects.toThrow(/bucket/i);
  });
});
