import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks signatures against them. */
export const S3_STAND_IN_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for this bucket, credentials in the query (or pass S3_STAND_IN_CREDENTIALS as env). */
  storageUrl(options?: { withCredentials?: boolean; prefix?: string }): string;
  close(): Promise<void>;
}

/** An S3-compatible server in this process on a free port, one bucket, files in a temp folder. */
export async function startS3StandIn(bucket = 'enot-test'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'enot-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storageUrl({ withCredentials = false, prefix = '' } = {}) {
      const query = new URLSearchParams({ endpoint, region: 'us-east-1' });
      if (withCredentials) {
        query.set('accessKeyId', S3_STAND_IN_CREDENTIALS.AWS_ACCESS_KEY_ID);
        query.set('secretAccessKey', S3_STAND_IN_CREDENTIALS.AWS_SECRET_ACCESS_KEY);
      }
      return `s3://${bucket}${prefix ? `/${prefix}` : ''}?${query}`;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
