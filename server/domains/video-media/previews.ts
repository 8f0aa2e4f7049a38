import type { Hono } from 'hono';
import type { AppEnv } from '../../contract/http-router';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { generatedPreviewKey } from './media-store';
import { imageKind } from '../../uploads';
import { PREVIEW_KINDS } from './uploads';

const NOT_FOUND = 'Изображение не найдено';
const TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;

/** Storage key of the picture to show: an uploaded one wins over the frame the transcode took. */
async function previewKey(services: Services, videoId: number, type: 'squared' | 'rectangled'): Promise<string | null> {
  if (type === 'rectangled') {
    const pointer = await services.storage.readBytes(safeKey('previews', `${videoId}-rectangled.current`));
    if (pointer) return pointer.toString('utf8');
  }
  const video = await services.db.selectFrom('videos').select(['preview_path', 'media_key', 'media_status']).where('id', '=', videoId).executeTakeFirst();
  if (!video) return null;
  if (video.preview_path.startsWith('previews/')) return video.preview_path;
  if (video.media_status === 'ready' && video.media_key !== '') return generatedPreviewKey(video.media_key);
  return null;
}

/** GET /app/images/videos/{id}_squared.png (and _rectangled): the catalogue's public preview asset. */
export function mountVideoPreviews(app: Hono<AppEnv>, services: Services): void {
  app.get('/app/images/videos/:file', async (c) => {
    const match = /^(\d{1,9})_(squared|rectangled)\.png$/.exec(c.req.param('file'));
    if (!match) return c.json({ success: '0', message: NOT_FOUND }, 404);
    const key = await previewKey(services, Number(match[1]), match[2] as 'squared' | 'rectangled');
    const bytes = key ? await services.storage.readBytes(safeKey(key)) : null;
    const kind = bytes ? imageKind(bytes, PREVIEW_KINDS) : null;
    if (!bytes || !kind) return c.json({ success: '0', message: NOT_FOUND }, 404);
    return c.body(new Uint8Array(bytes), 200, {
      // The name says .png, the bytes decide: an uploaded jpeg is served as a jpeg.
      'content-type': TYPES[kind],
      'cache-control': 'public, max-age=300',
      'x-content-type-options': 'nosniff',
    });
  });
}
