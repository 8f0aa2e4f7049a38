import { z } from 'zod';
import { access } from './access';
import { push, stream, upload } from './core';
import { int32 } from './fields';

/**
 * Video media (learning-area §7 'Video', back-office §7.3): the HLS stream, the two uploads and the
 * "media ready" push. The stream and uploads are served by server/domains/video-media routes.
 */

/**
 * GET ?video_id=N[&low=1] → the rewritten HLS playlist; &segment=<name> → segment bytes.
 * Authorised only by the `device`, `ts`, `signature` cookies (src/shared/signing.ts
 * `signStreamCookies`), then by the video access rule of the course.
 */
export const videoStream = stream('/app/api/videos/v_link_new.php', { access: access.signedIn });

/** Video editors and admins (server/access/video-access.ts `isVideoEditor`). */
const videoEditors = access.anyOf(access.types('Админ'), access.group('USERS_VIDEO_EDITORS'));

/** Multipart: `file` + `data` = signed JSON {videoId}. Answers {videoId, mediaStatus}. */
export const uploadVideo = upload('/go/videos/upload_video', { access: videoEditors });

/** Multipart: `file` + `data` = signed JSON {videoId, previewType}. Answers {videoPreview}. */
export const uploadPreview = upload('/go/videos/upload_preview', { access: videoEditors });

export const uploadVideoData = z.object({ videoId: z.coerce.number().pipe(int32().positive()) });
export const uploadPreviewData = z.object({
  videoId: z.coerce.number().pipe(int32().positive()),
  /**
   * Which preview the image is (back-office §9: squared and rectangled). An image format name
   * (jpeg, jpg, png, gif: the older client sends it) means the squared one; the real format is
   * read from the file's first bytes.
   */
  previewType: z
    .enum(['squared', 'rectangled', 'jpeg', 'jpg', 'png', 'gif'])
    .default('squared')
    .transform((value) => (value === 'rectangled' ? 'rectangled' : 'squared')),
});

export const uploadVideoAnswer = z.object({
  success: z.literal('1'),
  message: z.string(),
  videoId: z.number().int(),
  mediaStatus: z.string(),
});

export const uploadPreviewAnswer = z.object({ success: z.literal('1'), message: z.string(), videoPreview: z.string() });

/** Our extension: the transcode of an upload finished ('ready' or 'failed'); sent to the uploader. */
export const videoMediaUpdated = push('/videos/media_updated', {
  body: z.object({ videoId: z.number().int(), mediaStatus: z.enum(['ready', 'failed']), mediaError: z.string() }),
  extension: true,
});

/** Public address of a video's preview picture (the catalogue's `{id}_squared.png` asset). */
export function videoPreviewPath(videoId: number, previewType: 'squared' | 'rectangled' = 'squared'): string {
  return `/app/images/videos/${videoId}_${previewType}.png`;
}
