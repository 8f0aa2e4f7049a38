import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcodeVideoJob } from '../../../server/domains/video-media/transcode-job';
import { enqueueJob } from '../../../server/jobs/queue';
import { createLogger } from '../../../server/log';
import { getVideo, getVideoList } from '../../../src/shared/contract/video-admin';
import { uploadVideo } from '../../../src/shared/contract/video-media';
import type { TestClient } from '../../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../helpers/server';

const HOUR = 60 * 60_000;

/**
 * FFMPEG_PATH names a file that is not there: demo media and transcodes fail at once with the
 * Russian reason (no retry loop, no stack traces), uploads are refused, the back office says why.
 */
describe.each(testDialects)('a server whose ffmpeg cannot run, on %s', (dialect) => {
  const cache = mkdtempSync(join(tmpdir(), 'enot-no-ffmpeg-cache-'));
  const lines: string[] = [];
  let server: TestServer;
  let admin: TestClient;
  let reason: string;

  const db = () => server.server.services.db;
  const demoVideos = () => db().selectFrom('videos').select(['id', 'media_status', 'media_error']).where('filename', 'like', 'demo-%').orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      log: createLogger('debug', (line) => lines.push(line)),
      // An empty cache of its own: the demo clips really need ffmpeg here.
      env: { DEMO_MEDIA: '1', DEMO_MEDIA_CACHE: cache, FFMPEG_PATH: '/nonexistent/ffmpeg' },
    });
    await server.server.jobs.stop();
    // The loop may already have taken the demo jobs; this runs whatever it did not.
    await server.server.jobs.runDue(Date.now() + 1000);
    admin = await server.signIn('admin');
    reason = (await server.server.services.videoTools.status()).problem!;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(cache, { recursive: true, force: true });
  });

  it('explains the problem in Russian, naming the path and FFMPEG_PATH', () => {
    expect(reason).toBe(
      'Сервер не может обрабатывать видео: ffmpeg (/nonexistent/ffmpeg) не запускается: файл не найден. Проверьте FFMPEG_PATH или установку ffmpeg и перезапустите сервер.',
    );
  });

  it('fails the demo media once, with the reason on each video, and never retries it', async () => {
    const videos = await demoVideos();
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const video of videos) expect(video).toMatchObject({ media_status: 'failed', media_error: reason });
    const jobs = await db().selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('key', 'like', 'demo-media:%').execute();
    expect(jobs).toHaveLength(videos.length);
    for (const job of jobs) expect(job).toEqual({ status: 'failed', attempts: 1, last_error: reason });
    // Hours later nothing is due: no loop.
    expect(await server.server.jobs.runDue(Date.now() + 3 * HOUR)).toBe(0);
  });

  it('logs one warning line and no error or stack trace', () => {
    expect(lines.filter((line) => / WARN /.test(line))).toEqual([expect.stringContaining(` WARN ${reason}`)]);
    expect(lines.filter((line) => / ERROR /.test(line) || /\n\s+at /.test(line))).toEqual([]);
  });

  it('refuses a video upload with the reason before taking the file', async () => {
    const [video] = await demoVideos();
    const reply = await admin.upload(uploadVideo.path, { videoId: video!.id }, Buffer.alloc(4096, 1), 'lesson.mp4');
    expect(reply).toEqual({ status: 503, body: { success: '0', message: reason } });
    expect((await demoVideos())[0]).toEqual(video);
  });

  it('gives up a queued transcode at once with the reason', async () => {
    const [video] = await demoVideos();
    await db().updateTable('videos').set({ media_key: 'no-tools-1', media_status: 'queued', media_error: '' }).where('id', '=', video!.id).execute();
    const payload = { videoId: video!.id, mediaKey: 'no-tools-1', source: 'sources/no-tools-1/source.bin', userId: null };
    await enqueueJob(db(), transcodeVideoJob, payload, { runAt: Date.now(), key: 'no-tools-1', now: Date.now() });
    expect(await server.server.jobs.runDue(Date.now() + 1000)).toBe(1);
    expect((await demoVideos())[0]).toMatchObject({ media_status: 'failed', media_error: reason });
    expect(await db().selectFrom('jobs').select(['status', 'attempts']).where('key', '=', 'no-tools-1').executeTakeFirstOrThrow()).toEqual({ status: 'failed', attempts: 1 });
    expect(await server.server.jobs.runDue(Date.now() + 3 * HOUR)).toBe(0);
  });

  it('shows the reason in video administration, list and detail', async () => {
    const socket = await admin.openLive();
    try {
      expect((await socket.request(getVideoList, {})).mediaProblem).toBe(reason);
      const [video] = await demoVideos();
      expect((await socket.request(getVideo, { videoId: video!.id })).mediaProblem).toBe(reason);
    } finally {
      socket.close();
    }
  });
});
