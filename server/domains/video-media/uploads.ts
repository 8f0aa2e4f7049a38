import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { uploadPreview, uploadPreviewData, uploadVideo, uploadVideoData, videoPreviewPath } from '../../../src/shared/contract/video-media';
import type { AppEnv } from '../../contract/http-router';
import { enqueueJob } from '../../jobs/queue';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { answerUpload, IMAGE_MAX_BYTES, receiveFile, refused, UPLOAD_MESSAGES, uploadedImage } from '../../uploads';
import { isVideoEditor } from '../../access/video-access';
import { probe } from './ffmpeg';
import { mediaPrefix, newMediaKey, sourcePrefix } from './media-store';
import { NoVideoError } from './transcode';
import { transcodeVideoJob } from './transcode-job';

/** What only the video uploads say (the common texts are in server/uploads). */
export const VIDEO_UPLOAD_MESSAGES = {
  missing: 'Видео не найдено.',
  videoSize: (mb: number) => `Размер видео не должен превышать ${mb} МБ`,
} as const;

/** Picture formats of a video preview (spec: jpeg, jpg, png, gif). */
export const PREVIEW_KINDS = ['png', 'jpeg', 'gif'] as const;

/** Keeps a readable original name for the back office; never used as a path. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f]/g, '').slice(0, 200) || 'video';
}

export function mountVideoUploads(app: Hono<AppEnv>, services: Services): void {
  app.post(uploadVideo.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const maxMb = services.config.VIDEO_UPLOAD_MAX_MB;
      // Without a working ffmpeg the file could never be processed: say why before it is sent.
      const toolsReady = async () => {
        const { problem } = await services.videoTools.status();
        if (problem) throw refused(503, problem);
      };
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: uploadVideo.path,
        data: uploadVideoData,
        allowed: isVideoEditor,
        file: { field: 'file', maxBytes: maxMb * 1024 * 1024, tooLarge: VIDEO_UPLOAD_MESSAGES.videoSize(maxMb) },
        ready: toolsReady,
      });
      const video = await services.db.selectFrom('videos').select(['id', 'media_key']).where('id', '=', data.videoId).executeTakeFirst();
      if (!video) throw refused(404, VIDEO_UPLOAD_MESSAGES.missing);
      const info = await probe((await services.videoTools.require()).ffprobe, file.path);
      if (!info.hasVideo) throw refused(400, new NoVideoError().message);

      const mediaKey = newMediaKey(video.id);
      const source = safeKey(sourcePrefix(mediaKey), 'source.bin');
      await services.storage.putPath(source, file.path);
      const now = services.clock.now();
      await services.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          .set({ filename: displayName(file.filename), media_status: 'queued', media_key: mediaKey, media_error: '', duration_ms: 0, updated_at: now })
          .where('id', '=', video.id)
          .execute();
        await enqueueJob(trx, transcodeVideoJob, { videoId: video.id, mediaKey, source, userId: user.id }, { runAt: now, key: `video-transcode:${video.id}:${mediaKey}`, now });
      });
      // The old rendition and any older source are superseded: their jobs see a different key.
      if (video.media_key !== '') {
        await services.storage.deletePrefix(mediaPrefix(video.media_key)).catch(() => undefined);
        await services.storage.deletePrefix(sourcePrefix(video.media_key)).catch(() => undefined);
      }
      services.log.info(`video ${video.id}: upload ${file.size} bytes queued as ${mediaKey} by user ${user.id}`);
      return { videoId: video.id, mediaStatus: 'queued' };
    }),
  );

  app.post(uploadPreview.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const { data, file } = await receiveFile(c, services, scratch, {
        path: uploadPreview.path,
        data: uploadPreviewData,
        allowed: isVideoEditor,
        file: { field: 'file', maxBytes: IMAGE_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.imageSize },
      });
      const { kind } = await uploadedImage(file.path, PREVIEW_KINDS, UPLOAD_MESSAGES.imageType);
      const video = await services.db.selectFrom('videos').select(['id', 'preview_path']).where('id', '=', data.videoId).executeTakeFirst();
      if (!video) throw refused(404, VIDEO_UPLOAD_MESSAGES.missing);
      const key = safeKey('previews', `${video.id}-${data.previewType}-${randomBytes(6).toString('hex')}.${kind === 'jpeg' ? 'jpg' : kind}`);
      await services.storage.putPath(key, file.path);
      if (data.previewType === 'squared') {
        await services.db.updateTable('videos').set({ preview_path: key, updated_at: services.clock.now() }).where('id', '=', video.id).execute();
        if (video.preview_path.startsWith('previews/')) await services.storage.deletePrefix(video.preview_path).catch(() => undefined);
      } else {
        // No column for the second picture: its latest upload is found by a fixed pointer file.
        await services.storage.putBytes(safeKey('previews', `${video.id}-rectangled.current`), Buffer.from(key));
      }
      return { videoPreview: `${videoPreviewPath(video.id, data.previewType)}?v=${key.slice(-16, -4)}` };
    }),
  );
}
