import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseS3Url, type S3Location } from '../providers/storage/s3';
import { writeHashed, type CopiedFile } from './files';

/** One object of the bucket under the storage prefix: its key as the server names it (no prefix). */
export interface S3Object {
  key: string;
  bytes: number;
  etag: string;
}

async function clientOf(storageUrl: string) {
  const location: S3Location = parseS3Url(storageUrl);
  const sdk = await import('@aws-sdk/client-s3');
  return { sdk, client: new sdk.S3Client(location.client), location };
}

/** s3://bucket/prefix without the query (keys may be in it). */
export function describeS3(storageUrl: string): string {
  const { bucket, prefix } = parseS3Url(storageUrl);
  return `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
}

async function listObjects(storageUrl: string): Promise<S3Object[]> {
  const { sdk, client, location } = await clientOf(storageUrl);
  const base = location.prefix ? `${location.prefix}/` : '';
  const objects: S3Object[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: location.bucket, Prefix: base || undefined, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (object.Key && object.Key.length > base.length) objects.push({ key: object.Key.slice(base.length), bytes: object.Size ?? 0, etag: (object.ETag ?? '').replaceAll('"', '') });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The bucket listing as TSV (key, bytes, ETag): what the provider's own copy must still hold. */
export function listingText(objects: readonly S3Object[]): string {
  return 'key\tbytes\tetag\n' + objects.map((object) => `${object.key}\t${object.bytes}\t${object.etag}\n`).join('');
}

/** Lists the bucket and, unless `listingOnly`, downloads every object into `target` (hashed). */
export async function backupBucket(storageUrl: string, target: string, listingOnly: boolean): Promise<{ objects: S3Object[]; copied: CopiedFile[] }> {
  const objects = await listObjects(storageUrl);
  if (listingOnly) return { objects, copied: [] };
  const { sdk, client, location } = await clientOf(storageUrl);
  const copied: CopiedFile[] = [];
  for (const object of objects) {
    const reply = await client.send(new sdk.GetObjectCommand({ Bucket: location.bucket, Key: location.prefix ? `${location.prefix}/${object.key}` : object.key }));
    if (!(reply.Body instanceof Readable)) throw new Error('S3: unexpected body type');
    copied.push({ path: object.key, ...(await writeHashed(reply.Body, join(target, ...object.key.split('/')))) });
  }
  return { objects, copied };
}

/** True when nothing is stored under the bucket prefix. */
export async function bucketIsEmpty(storageUrl: string): Promise<boolean> {
  const { sdk, client, location } = await clientOf(storageUrl);
  const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix ? `${location.prefix}/` : undefined, MaxKeys: 1 }));
  return (page.Contents ?? []).length === 0;
}

/** Uploads the backup's files under the bucket prefix (same keys). */
export async function restoreBucket(source: string, paths: readonly string[], storageUrl: string): Promise<void> {
  const { sdk, client, location } = await clientOf(storageUrl);
  for (const path of paths) {
    const file = join(source, ...path.split('/'));
    const { size } = await stat(file);
    await client.send(
      new sdk.PutObjectCommand({ Bucket: location.bucket, Key: location.prefix ? `${location.prefix}/${path}` : path, Body: createReadStream(file), ContentLength: size }),
    );
  }
}

/** Keys of the listing that the bucket no longer has (a listing-only backup's check after restore). */
export async function missingFromBucket(storageUrl: string, listing: readonly S3Object[]): Promise<string[]> {
  const present = new Set((await listObjects(storageUrl)).map((object) => object.key));
  return listing.filter((object) => !present.has(object.key)).map((object) => object.key);
}

export function parseListing(text: string): S3Object[] {
  return text
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [key = '', bytes = '0', etag = ''] = line.split('\t');
      return { key, bytes: Number(bytes), etag };
    });
}
