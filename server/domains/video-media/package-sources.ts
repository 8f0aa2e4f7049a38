import type { Db } from '../../db';
import { enqueueJob } from '../../jobs/queue';
import { safeKey, type StorageProvider } from '../../providers/storage';
import { newMediaKey, sourcePrefix } from './media-store';
import { transcodeVideoJob } from './transcode-job';

/**
 * Video sources of a course package (README «Пакет курса», --with-video-files): an export reads the
 * uploaded source of a video; an import puts it where an upload does (sources/<mediaKey>/source.bin)
 * and queues its transcoding in the import's transaction, as the video admin's upload does. The
 * course package code takes it as its VideoSources (course/package/video-sources.ts).
 */
export function storageVideoSources(storage: StorageProvider) {
  const sourceKey = (mediaKey: string) => safeKey(sourcePrefix(mediaKey), 'source.bin');
  return {
    async read(mediaKey: string): Promise<Uint8Array | null> {
      const bytes = await storage.readBytes(sourceKey(mediaKey));
      return bytes ? new Uint8Array(bytes) : null;
    },
    async store(db: Db, videoId: number, bytes: Uint8Array, now: number): Promise<void> {
      const mediaKey = newMediaKey(videoId);
      const source = sourceKey(mediaKey);
      await storage.putBytes(source, bytes);
      await db.updateTable('videos').set({ media_status: 'queued', media_key: mediaKey, media_error: '', duration_ms: 0, updated_at: now }).where('id', '=', videoId).execute();
      await enqueueJob(db, transcodeVideoJob, { videoId, mediaKey, source, userId: null }, { runAt: now, key: `video-transcode:${videoId}:${mediaKey}`, now });
    },
  };
}
