import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEMO_VIDEO_SECONDS } from '../../db/seed/course';
import { defineJob } from '../../jobs/job';
import { enqueueJob } from '../../jobs/queue';
import type { Services } from '../../services';
import type { UsableTools } from '../../providers/video-tools';
import { runTool, videoToolsProblem } from './ffmpeg';
import { commitMedia, mediaPrefix, newMediaKey, withScratch } from './media-store';
import { transcodeToHls } from './transcode';

/** Seeded demo videos are named like this and have no uploaded source. */
export const DEMO_FILENAME = /^demo-\d+\.mp4$/;

/** Bump when the generated clip changes, so caches made by older versions are not reused. */
const DEMO_RECIPE = 'v1-426x240-colour-drawtext-sine';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Where finished demo media is kept across servers (e2e spawns many): by content key. */
export function demoMediaCacheDir(config: { STORAGE_DIR: string; DEMO_MEDIA_CACHE?: string }): string {
  return resolve(config.DEMO_MEDIA_CACHE ?? join(dirname(resolve(config.STORAGE_DIR)), 'demo-media-cache'));
}

/** A cheap clip: a coloured background, the title, a running timer and a sine tone. */
async function generateDemoClip(tools: UsableTools, title: string, seconds: number, out: string, dir: string): Promise<void> {
  const titleFile = join(dir, 'title.txt');
  await writeFile(titleFile, title);
  // drawtext needs libfreetype and a Cyrillic font; without either the clip is just the background.
  const text = tools.drawtext && existsSync(FONT)
    ? `,drawtext=fontfile=${FONT}:textfile=${titleFile}:fontcolor=white:fontsize=20:x=(w-tw)/2:y=h/3` +
      `,drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontcolor=white:fontsize=28:x=(w-tw)/2:y=h/2`
    : '';
  const base = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x2b4a6f:s=426x240:r=25:d=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', out];
  try {
    await runTool(tools.ffmpeg, [...base, '-vf', `null${text}`, ...encode]);
  } catch (error) {
    if (text === '') throw error;
    await runTool(tools.ffmpeg, [...base, ...encode]);
  }
}

/**
 * The transcoded demo media for a title: from the cache when another server already made it,
 * else generated, transcoded and published into the cache with an atomic rename.
 */
export async function demoMediaFolder(services: Services, title: string): Promise<{ dir: string; durationMs: number }> {
  const key = createHash('sha256').update(`${DEMO_RECIPE}\n${DEMO_VIDEO_SECONDS}\n${title}`).digest('hex').slice(0, 32);
  const cached = join(demoMediaCacheDir(services.config), key);
  const read = async () => ({ dir: cached, durationMs: Number(await readFile(join(cached, 'duration_ms'), 'utf8')) });
  if (existsSync(join(cached, 'duration_ms'))) return read();
  const tools = await services.videoTools.require();
  await withScratch(async (dir) => {
    const clip = join(dir, 'clip.mp4');
    await generateDemoClip(tools, title, DEMO_VIDEO_SECONDS, clip, dir);
    const out = join(dir, 'out');
    const info = await transcodeToHls(tools, clip, out);
    await writeFile(join(out, 'duration_ms'), String(info.durationMs));
    await mkdir(dirname(cached), { recursive: true });
    // Several servers may race on a cold cache: each stages a copy beside it, the first rename wins.
    const staged = `${cached}.${randomBytes(4).toString('hex')}`;
    await cp(out, staged, { recursive: true });
    try {
      await rename(staged, cached);
    } catch {
      await rm(staged, { recursive: true, force: true });
    }
  });
  return read();
}

/** Gives a seeded demo video real media (a generated clip), unless it already has some or got an upload. */
export const demoMediaJob = defineJob({
  kind: 'video-demo-media',
  payload: z.object({ videoId: z.number().int() }),
  async run(services, { videoId }) {
    const video = await services.db.selectFrom('videos').select(['shown_name', 'filename', 'media_status', 'media_key']).where('id', '=', videoId).executeTakeFirst();
    if (!video || !DEMO_FILENAME.test(video.filename) || video.media_status === 'ready') return;
    let media;
    try {
      media = await demoMediaFolder(services, video.shown_name);
    } catch (error) {
      const problem = videoToolsProblem(services, `demo video ${videoId}`, error);
      if (!problem) throw error;
      // Shown in the back office; the next start tries again (enqueueDemoMedia takes failed ones).
      await services.db
        .updateTable('videos')
        .set({ media_status: 'failed', media_error: problem, updated_at: services.clock.now() })
        .where('id', '=', videoId)
        .where('media_key', '=', video.media_key)
        .execute();
      return { failed: problem };
    }
    const mediaKey = newMediaKey(videoId);
    await services.storage.putPath(mediaPrefix(mediaKey), media.dir);
    await commitMedia(services, videoId, { mediaKey: video.media_key }, { mediaKey, durationMs: media.durationMs });
  },
});

/** Enqueues demo media for seeded videos without it; one job per video (by key), so restarts add nothing. */
export async function enqueueDemoMedia(services: Services, now: number): Promise<number> {
  const videos = await services.db
    .selectFrom('videos')
    .select(['id', 'filename'])
    .where('media_status', 'in', ['none', 'failed'])
    .where('filename', 'like', 'demo-%')
    .execute();
  const demo = videos.filter((video) => DEMO_FILENAME.test(video.filename));
  for (const video of demo) {
    await enqueueJob(services.db, demoMediaJob, { videoId: video.id }, { runAt: now, key: `demo-media:${video.id}`, now });
  }
  return demo.length;
}
