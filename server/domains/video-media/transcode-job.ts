import { z } from 'zod';
import { videoMediaUpdated } from '../../../src/shared/contract/video-media';
import { defineJob } from '../../jobs/job';
import type { Services } from '../../services';
import { commitMedia, mediaPrefix, sourcePrefix, withScratch } from './media-store';
import { videoToolsProblem } from './ffmpeg';
import { NoVideoError, transcodeToHls } from './transcode';
import { errorMessage } from '../../../src/shared/guards';

/** Runs before an upload's media is given up ('failed'); each run is retried with the runner's backoff. */
export const TRANSCODE_ATTEMPTS = 3;

export const FAILED_MESSAGE = 'Не удалось обработать видео. Загрузите файл ещё раз.';

/**
 * Transcodes an uploaded source (`sources/<mediaKey>/<file>`) into `videos/<mediaKey>/`. The
 * upload already set media_key to this key, so a newer upload (new key) makes this run a no-op.
 */
export const transcodeVideoJob = defineJob({
  kind: 'video-transcode',
  payload: z.object({ videoId: z.number().int(), mediaKey: z.string(), source: z.string(), userId: z.number().int().nullable() }),
  async run(services, payload, { job }) {
    const current = () => services.db.selectFrom('videos').select(['media_key', 'media_status']).where('id', '=', payload.videoId).executeTakeFirst();
    const row = await current();
    if (!row || row.media_key !== payload.mediaKey) return; // superseded or deleted
    await setStatus(services, payload, { media_status: 'processing', media_error: '' });
    try {
      const tools = await services.videoTools.require();
      const source = await services.storage.localFile(payload.source);
      try {
        await withScratch(async (dir) => {
          const info = await transcodeToHls(tools, source.path, dir);
          await services.storage.putPath(mediaPrefix(payload.mediaKey), dir);
          // The rendition lands under its own key, so "expected" and "new" are the same key here.
          await commitMedia(services, payload.videoId, { mediaKey: payload.mediaKey }, { mediaKey: payload.mediaKey, durationMs: info.durationMs });
        });
      } finally {
        await source.release();
      }
    } catch (error) {
      const toolsProblem = videoToolsProblem(services, `video ${payload.videoId}`, error);
      if (toolsProblem) {
        await setStatus(services, payload, { media_status: 'failed', media_error: toolsProblem });
        await notify(services, payload, 'failed', toolsProblem);
        return { failed: toolsProblem };
      }
      const permanent = error instanceof NoVideoError;
      if (!permanent && job.attempts < TRANSCODE_ATTEMPTS) {
        services.log.warn(`video ${payload.videoId}: transcode attempt ${job.attempts} failed: ${String(error)}`);
        throw error;
      }
      services.log.error(`video ${payload.videoId}: transcode failed`, error);
      await services.storage.deletePrefix(mediaPrefix(payload.mediaKey)).catch(() => undefined);
      await setStatus(services, payload, { media_status: 'failed', media_error: permanent ? errorMessage(error) : FAILED_MESSAGE });
      await notify(services, payload, 'failed', permanent ? errorMessage(error) : FAILED_MESSAGE);
      return;
    }
    // The source is not needed once both renditions exist.
    await services.storage.deletePrefix(sourcePrefix(payload.mediaKey)).catch(() => undefined);
    const after = await current();
    if (after?.media_key === payload.mediaKey && after.media_status === 'ready') await notify(services, payload, 'ready', '');
  },
});

async function setStatus(services: Services, payload: { videoId: number; mediaKey: string }, values: { media_status: string; media_error: string }): Promise<void> {
  await services.db
    .updateTable('videos')
    .set({ ...values, updated_at: services.clock.now() })
    .where('id', '=', payload.videoId)
    .where('media_key', '=', payload.mediaKey)
    .execute();
}

async function notify(services: Services, payload: { videoId: number; userId: number | null }, mediaStatus: 'ready' | 'failed', mediaError: string): Promise<void> {
  if (payload.userId === null) return;
  await services.live
    .push(payload.userId, videoMediaUpdated, { videoId: payload.videoId, mediaStatus, mediaError })
    .catch((error: unknown) => services.log.warn(`video ${payload.videoId}: media push failed: ${String(error)}`));
}
