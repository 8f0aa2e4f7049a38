import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { safeKey, type StorageProvider } from './provider';

/** Where an `s3://bucket?endpoint=…&region=…` STORAGE_URL points, and with which keys. */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket (`s3://bucket/some/prefix`), '' for the bucket root. */
  prefix: string;
  client: S3ClientConfig;
}

/**
 * Reads STORAGE_URL. Credentials come from `accessKeyId`/`secretAccessKey` in the query, else from
 * the SDK's usual sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles). A custom endpoint
 * (MinIO, a hosting provider's storage) gets path-style addresses, which they all understand.
 */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || parsed.hostname === '') throw new Error('STORAGE_URL: ожидается адрес вида s3://корзина?endpoint=…&region=…');
  const query = parsed.searchParams;
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix !== '') safeKey(prefix);
  const endpoint = query.get('endpoint') ?? undefined;
  const accessKeyId = query.get('accessKeyId') ?? query.get('access_key_id');
  const secretAccessKey = query.get('secretAccessKey') ?? query.get('secret_access_key');
  return {
    bucket: parsed.hostname,
    prefix,
    client: {
      region: query.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(endpoint ? { endpoint, forcePathStyle: query.get('pathStyle') !== 'off' } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // Compatible stores differ in the newer checksum headers; ask for them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  };
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** Files under `dir`, recursively, as absolute paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Objects in an S3-compatible bucket: what instances on different machines share. Keys are the
 * same `safeKey` paths as on disk; "folders" are key prefixes ending in '/'. Access checks stay in
 * the handlers: nothing here hands a bucket address to a client.
 */
export class S3Storage implements StorageProvider {
  private clientPromise: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(private readonly location: S3Location) {}

  /** The SDK is loaded on first use, so installations on a local folder never pay for it. */
  private sdk() {
    this.clientPromise ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(this.location.client) }));
    return this.clientPromise;
  }

  private objectKey(key: string): string {
    const safe = safeKey(key);
    return this.location.prefix ? `${this.location.prefix}/${safe}` : safe;
  }

  private async putFile(objectKey: string, path: string, size: number): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.location.bucket, Key: objectKey, Body: createReadStream(path), ContentLength: size }));
  }

  async putPath(key: string, source: string): Promise<void> {
    const info = await stat(source);
    if (info.isFile()) return this.putFile(this.objectKey(key), source, info.size);
    // A folder (an HLS rendition set): every file under the key, a few uploads at a time.
    const files = await filesUnder(source);
    await eachLimited(files, 8, async (file) => {
      const name = relative(source, file).split(/[\\/]/).join('/');
      await this.putFile(this.objectKey(`${key}/${name}`), file, (await stat(file)).size);
    });
  }

  async putStream(key: string, stream: Readable): Promise<number> {
    // S3 wants the length up front: the stream is spooled to a temporary file first.
    const dir = await mkdtemp(join(tmpdir(), 'enot-s3-put-'));
    try {
      const file = join(dir, 'object');
      await pipeline(stream, createWriteStream(file));
      const { size } = await stat(file);
      await this.putFile(this.objectKey(key), file, size);
      return size;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
  }

  async readBytes(key: string): Promise<Buffer | null> {
    const { sdk, client } = await this.sdk();
    try {
      const reply = await client.send(new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return reply.Body ? Buffer.from(await reply.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    const { sdk, client } = await this.sdk();
    try {
      const reply = await client.send(new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return reply.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  readStream(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const objectKey = this.objectKey(key);
    void (async () => {
      const { sdk, client } = await this.sdk();
      const reply = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: objectKey, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        { abortSignal: abortOnClose(out) },
      );
      if (!(reply.Body instanceof Readable)) throw new Error('S3: unexpected body type');
      await pipeline(reply.Body, out);
    })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    const base = this.objectKey(prefix);
    const keys: string[] = [base];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: `${base}/`, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    // One call per key: every compatible store has DeleteObject (not all have the batch call), and deleting an absent key succeeds.
    await eachLimited(keys, 8, async (Key) => {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key }));
    });
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    const dir = await mkdtemp(join(tmpdir(), 'enot-s3-get-'));
    const path = join(dir, 'object');
    try {
      await pipeline(this.readStream(key), createWriteStream(path));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return { path, release: () => rm(dir, { recursive: true, force: true }) };
  }
}

/** An AbortSignal that fires when the consumer stops reading early (a viewer seeking away). */
function abortOnClose(stream: PassThrough): AbortSignal {
  const controller = new AbortController();
  stream.once('close', () => {
    if (!stream.writableFinished) controller.abort();
  });
  return controller.signal;
}
