import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistKey, segmentKey } from '../../server/domains/video-media/media-store';
import { createStorage } from '../../server/providers/storage';
import { STREAM_PATH, signStreamCookies } from '../../src/shared/signing';
import { TestClient } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn, type S3StandIn } from '../helpers/s3-stand-in';
import { createPostgresSchema, dropRedisPrefix, withSearchPath } from '../helpers/server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances with no shared folder, only one S3-compatible bucket (s3rver in this process):
 * a video uploaded through A is transcoded by whichever instance takes the job, and plays through
 * B, where the viewer's stream cookies are checked before any byte leaves the bucket.
 */
describe.skipIf(!databaseUrl || !redisUrl)('two instances sharing an S3-compatible bucket', () => {
  const redisPrefix = `enot-s3-${randomBytes(6).toString('hex')}:`;
  const work = mkdtempSync(join(tmpdir(), 'enot-s3-e2e-'));
  const clip = join(work, 'clip.mp4');
  let s3: S3StandIn | undefined;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>> | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let db: pg.Client | undefined;

  beforeAll(async () => {
    // 2 s of 320×240 with a tone: transcodes in a moment.
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=2', '-f', 'lavfi', '-i', 'sine=frequency=500:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
    s3 = await startS3StandIn();
    schema = await createPostgresSchema();
    // Credentials the standard way (AWS_* variables), the bucket and endpoint in STORAGE_URL.
    const env = {
      DATABASE_URL: withSearchPath(databaseUrl!, schema.schema),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: redisPrefix,
      STORAGE_URL: s3.storageUrl(),
      DEMO_MEDIA: 'off',
      ...S3_STAND_IN_CREDENTIALS,
    };
    a = await spawnServer(env);
    b = await spawnServer({ ...env, DEMO_SEED: 'off' });
    db = new pg.Client({ connectionString: withSearchPath(databaseUrl!, schema.schema) });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await schema?.drop();
    await dropRedisPrefix(redisUrl!, redisPrefix);
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('a video uploaded through A plays through B from the bucket; without the cookies B refuses', async () => {
    const { rows } = await db!.query<{ id: number }>('SELECT id FROM videos ORDER BY id LIMIT 1');
    const videoId = rows[0]!.id;
    const uploader = await new TestClient(a!.url).signIn('admin');
    const reply = await uploader.upload('/go/videos/upload_video', { videoId }, readFileSync(clip), 'Урок.mp4');
    expect(reply).toMatchObject({ status: 200, body: { success: '1', mediaStatus: 'queued' } });

    // A job runner of either instance transcodes it (the source is read from the bucket).
    const video = async () => (await db!.query<{ media_status: string; media_key: string; media_error: string }>('SELECT media_status, media_key, media_error FROM videos WHERE id = $1', [videoId])).rows[0]!;
    await expect.poll(async () => (await video()).media_status, { timeout: 60_000, interval: 500 }).toBe('ready');
    const { media_key: mediaKey } = await video();

    // The renditions live in the bucket, not in any instance's folder.
    const bucket = createStorage({ STORAGE_DIR: '/nonexistent', STORAGE_URL: s3!.storageUrl({ withCredentials: true }) });
    expect((await bucket.readBytes(playlistKey(mediaKey, 'low')))?.toString()).toContain('seg_00000.ts');
    const stored = await bucket.readBytes(segmentKey(mediaKey, 'low', 'seg_00000.ts'));
    expect(stored?.length).toBeGreaterThan(1000);

    // The viewer signs in on B and plays: playlist, then its first segment, whole and by range.
    const viewer = await new TestClient(b!.url).signIn('admin');
    const cookie = Object.entries(await signStreamCookies(viewer.session!, Date.now()))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const playlist = await fetch(`${b!.url}${STREAM_PATH}?video_id=${videoId}&low=1`, { headers: { cookie } });
    expect(playlist.status).toBe(200);
    const lines = (await playlist.text()).split('\n');
    const first = lines.find((line) => line.includes('segment=seg_00000.ts'));
    expect(first).toBeDefined();
    const segmentUrl = new URL(first!, `${b!.url}${STREAM_PATH}`).toString();
    const segment = await fetch(segmentUrl, { headers: { cookie } });
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(Buffer.from(await segment.arrayBuffer())).toEqual(stored);
    const part = await fetch(segmentUrl, { headers: { cookie, range: 'bytes=188-375' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 188-375/${stored!.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored!.subarray(188, 376));

    // The preview picture made by the transcoder comes from the bucket too.
    const preview = await fetch(`${b!.url}/app/images/videos/${videoId}_squared.png`);
    expect(preview.headers.get('content-type')).toBe('image/png');

    // A stranger without the cookies (or with forged ones) gets a refusal, never media.
    for (const headers of [{} as Record<string, string>, { cookie: cookie.replace(/signature=[0-9a-f]{4}/, 'signature=0000') }]) {
      for (const url of [`${b!.url}${STREAM_PATH}?video_id=${videoId}&low=1`, segmentUrl]) {
        const refused = await fetch(url, { headers });
        expect(refused.status).toBe(401);
        expect(refused.headers.get('content-type')).toMatch(/application\/json/);
        expect(await refused.json()).toEqual({ success: '0', message: 'Сессия завершена. Войдите снова.' });
      }
    }
  }, 90_000);
});
