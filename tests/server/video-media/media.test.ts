import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDemoMedia } from '../../../server/domains/video-media/demo-media';
import { mediaPrefix, playlistKey } from '../../../server/domains/video-media/media-store';
import { FAILED_MESSAGE, transcodeVideoJob } from '../../../server/domains/video-media/transcode-job';
import { enqueueJob } from '../../../server/jobs/queue';
import { VideoTools } from '../../../server/providers/video-tools';
import { STREAM_PATH, signStreamCookies } from '../../../src/shared/signing';
import type { TestClient } from '../../helpers/client';
import { JPEG_1X1, PNG_1X1 } from '../../helpers/image-fixtures';
import { startTestServer, testDialects, type TestServer } from '../../helpers/server';

const work = mkdtempSync(join(tmpdir(), 'enot-media-test-'));
/** A 3-second 320×240 clip with a tone: small enough to transcode in a moment. */
const CLIP = join(work, 'clip.mp4');
const NOT_VIDEO = join(work, 'notes.mp4');
execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=3', '-f', 'lavfi', '-i', 'sine=frequency=500:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', CLIP]);
writeFileSync(NOT_VIDEO, 'это не видео, а текст '.repeat(200));
const PNG = PNG_1X1;
const JPEG = JPEG_1X1;

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDialects)('video media on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let student: TestClient;
  let videoId: number;

  const db = () => server.server.services.db;
  const services = () => server.server.services;
  const video = () => db().selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
  const runJobs = () => server.server.jobs.runDue(Date.now() + 1000);

  const upload = (client: TestClient, path: string, data: Record<string, unknown>, file: Buffer | null, name = 'lesson.mp4', dataFirst = true) =>
    client.upload(path, data, file, name, dataFirst);

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { DEMO_MEDIA: '1', VIDEO_UPLOAD_MAX_MB: '1' } });
    await server.server.jobs.stop();
    admin = await server.signIn('admin');
    student = await server.signIn('student');
    videoId = (await db().selectFrom('videos').select('id').where('filename', 'like', 'demo-%').orderBy('id').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(() => server.close());

  it('enqueues demo media once per video and not again once it is ready', async () => {
    const demoJobs = () => db().selectFrom('jobs').select(['key', 'status']).where('key', 'like', 'demo-media:%').execute();
    const before = await demoJobs();
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(await enqueueDemoMedia(services(), Date.now())).toBe(before.length);
    expect(await demoJobs()).toHaveLength(before.length);
    await runJobs();
    expect((await demoJobs()).every((job) => job.status === 'done')).toBe(true);
    expect(await enqueueDemoMedia(services(), Date.now())).toBe(0);
    expect((await video()).media_status).toBe('ready');
  }, 120_000);

  it('uploads a video: queued, transcoded into both renditions with a preview, old media removed, streamable', async () => {
    const old = await video();
    const live = await admin.openLive();
    const reply = await upload(admin, '/go/videos/upload_video', { videoId }, readFileSync(CLIP), 'Урок 1.mp4');
    expect(reply).toEqual({ status: 200, body: { success: '1', message: '', videoId, mediaStatus: 'queued' } });
    const queued = await video();
    expect(queued).toMatchObject({ media_status: 'queued', filename: 'Урок 1.mp4' });
    expect(queued.media_key).not.toBe(old.media_key);
    expect(await services().storage.size(playlistKey(old.media_key, 'high'))).toBeNull();

    await runJobs();
    // The uploader hears that the media is ready.
    const pushed = await live.waitFor((message) => message.method === '/videos/media_updated');
    expect(pushed.body).toEqual({ videoId, mediaStatus: 'ready', mediaError: '' });
    live.close();
    const ready = await video();
    expect(ready).toMatchObject({ media_status: 'ready', media_key: queued.media_key, media_error: '' });
    expect(ready.duration_ms).toBeGreaterThan(2500);
    expect(ready.duration_ms).toBeLessThan(3500);
    for (const rendition of ['high', 'low'] as const) {
      const playlist = await services().storage.readBytes(playlistKey(ready.media_key, rendition));
      expect(playlist?.toString()).toContain('seg_00000.ts');
    }
    const cookie = Object.entries(await signStreamCookies(admin.session!, Date.now())).map(([name, value]) => `${name}=${value}`).join('; ');
    const low = await fetch(`${server.url}${STREAM_PATH}?video_id=${videoId}&low=1`, { headers: { cookie } });
    expect(low.status).toBe(200);
    const preview = await fetch(`${server.url}/app/images/videos/${videoId}_squared.png`);
    expect(preview.headers.get('content-type')).toBe('image/png');
  }, 120_000);

  it('refuses video uploads from non-editors, unsigned, too large, empty or not a video', async () => {
    const before = await video();
    expect(await upload(student, '/go/videos/upload_video', { videoId }, readFileSync(CLIP))).toMatchObject({ status: 403, body: { success: '0', message: 'Недостаточно прав для этого действия.' } });
    const unsigned = new FormData();
    unsigned.append('data', JSON.stringify({ videoId }));
    unsigned.append('file', new Blob([new Uint8Array(readFileSync(CLIP))]), 'a.mp4');
    const anonymous = await fetch(server.url + '/go/videos/upload_video', { method: 'POST', body: unsigned });
    expect(anonymous.status).toBe(401);
    expect(await upload(admin, '/go/videos/upload_video', { videoId }, Buffer.alloc(1_200_000, 1))).toMatchObject({ status: 413, body: { message: 'Размер видео не должен превышать 1 МБ' } });
    expect(await upload(admin, '/go/videos/upload_video', { videoId }, readFileSync(NOT_VIDEO))).toMatchObject({
      status: 400,
      body: { success: '0', message: 'В файле не найдено видео. Загрузите видеофайл (например, mp4).' },
    });
    expect(await upload(admin, '/go/videos/upload_video', { videoId }, null)).toMatchObject({ status: 400, body: { message: 'Выберите файл для загрузки.' } });
    expect(await upload(admin, '/go/videos/upload_video', { videoId: 999999 }, readFileSync(CLIP))).toMatchObject({ status: 404, body: { message: 'Видео не найдено.' } });
    // The signed data must come before the file: until it is checked, nothing of a file may be written.
    expect(await upload(admin, '/go/videos/upload_video', { videoId }, readFileSync(CLIP), 'a.mp4', false)).toMatchObject({
      status: 400,
      body: { success: '0', message: 'Файл пришёл раньше данных о нём. Обновите страницу и загрузите файл ещё раз.' },
    });
    expect(await video()).toEqual(before);
  });

  it('marks a non-video source failed with a Russian message, and drops the work of a superseded job', async () => {
    const storage = services().storage;
    await storage.putBytes('sources/bad-1/source.bin', readFileSync(NOT_VIDEO));
    await db().updateTable('videos').set({ media_key: 'bad-1', media_status: 'queued' }).where('id', '=', videoId).execute();
    await enqueueJob(db(), transcodeVideoJob, { videoId, mediaKey: 'bad-1', source: 'sources/bad-1/source.bin', userId: null }, { runAt: Date.now(), now: Date.now() });
    await runJobs();
    expect(await video()).toMatchObject({ media_status: 'failed', media_error: 'В файле не найдено видео. Загрузите видеофайл (например, mp4).' });

    // A broken source that looks like a video keeps failing: retried, then given up with the general message.
    // (An ffmpeg that starts and lists its encoders but fails on every input stands in for it.)
    await storage.putPath('sources/broken-1/source.bin', CLIP);
    await db().updateTable('videos').set({ media_key: 'broken-1', media_status: 'queued' }).where('id', '=', videoId).execute();
    const realTools = services().videoTools;
    const failing = join(work, 'ffmpeg-fails-on-input');
    writeFileSync(failing, `#!/bin/sh\ncase " $* " in *" -i "*) echo "corrupt input" >&2; exit 1;; esac\nexec "${realTools.ffmpeg!.path}" "$@"\n`, { mode: 0o755 });
    services().videoTools = new VideoTools({ path: failing, source: 'env' }, realTools.ffprobe, services().log);
    try {
      await enqueueJob(db(), transcodeVideoJob, { videoId, mediaKey: 'broken-1', source: 'sources/broken-1/source.bin', userId: null }, { runAt: Date.now(), key: 'broken-1', now: Date.now() });
      for (let run = 0; run < 3; run += 1) await server.server.jobs.runDue(Date.now() + (run + 1) * 60 * 60_000);
    } finally {
      services().videoTools = realTools;
    }
    expect(await video()).toMatchObject({ media_status: 'failed', media_error: FAILED_MESSAGE });

    // A newer upload changed the key while this job waited: it finishes without touching the video.
    await storage.putPath('sources/old-1/source.bin', CLIP);
    await enqueueJob(db(), transcodeVideoJob, { videoId, mediaKey: 'old-1', source: 'sources/old-1/source.bin', userId: null }, { runAt: Date.now(), now: Date.now() });
    const before = await video();
    await runJobs();
    expect(await video()).toEqual(before);
    expect(await storage.size(playlistKey('old-1', 'high'))).toBeNull();
    await storage.deletePrefix(mediaPrefix('old-1'));
  }, 120_000);

  it('uploads previews checked by their bytes and serves the upload instead of the generated frame', async () => {
    const reply = await upload(admin, '/go/videos/upload_preview', { videoId, previewType: 'squared' }, JPEG, 'preview.jpg');
    expect(reply.status).toBe(200);
    expect(reply.body.videoPreview).toMatch(new RegExp(`^/app/images/videos/${videoId}_squared\\.png\\?v=[0-9a-f]+$`));
    const served = await fetch(server.url + String(reply.body.videoPreview));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true);

    const rectangled = await upload(admin, '/go/videos/upload_preview', { videoId, previewType: 'rectangled' }, PNG, 'wide.png');
    expect(rectangled.body.videoPreview).toMatch(new RegExp(`^/app/images/videos/${videoId}_rectangled\\.png`));
    expect((await fetch(`${server.url}/app/images/videos/${videoId}_rectangled.png`)).headers.get('content-type')).toBe('image/png');
    // An image format as previewType (older clients) means the squared picture.
    expect((await upload(admin, '/go/videos/upload_preview', { videoId, previewType: 'png' }, PNG, 'p.png')).status).toBe(200);

    expect(await upload(admin, '/go/videos/upload_preview', { videoId }, Buffer.from('GIF? no, plain text'), 'fake.gif')).toMatchObject({
      status: 400,
      body: { message: 'Разрешены только форматы jpeg, jpg, png, gif' },
    });
    expect(await upload(admin, '/go/videos/upload_preview', { videoId }, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png')).toMatchObject({
      status: 413,
      body: { message: 'Размер файла не должен превышать 10 МБ' },
    });
    expect(await upload(student, '/go/videos/upload_preview', { videoId }, PNG, 'p.png')).toMatchObject({ status: 403 });
  });
});
