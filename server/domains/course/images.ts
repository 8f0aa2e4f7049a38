import type { Hono } from 'hono';
import type { AppEnv } from '../../contract/http-router';
import { svgBytesResponse, svgFileResponse } from '../../contract/svg-file';
import type { Services } from '../../services';
import { imageKind } from '../../uploads';
import { lessonImageKey, SERVED_IMAGE_NAME, SHIPPED_LESSON_IMAGES } from './lesson-images';

const RASTER_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Lesson pictures (`lesson_img_adr` of the road): uploaded in the course editor or brought by a
 * course package (storage), else the demo course's shipped ones. Public like any course
 * illustration; the name is checked against a strict pattern, so no path can escape the folder
 * or the storage prefix. An SVG gets the CSP that runs nothing; a raster is sent as what its
 * header says it is.
 */
export function mountCourseImages(app: Hono<AppEnv>, services: Services): void {
  app.get('/app/images/lessons/:file', async (c) => {
    const file = c.req.param('file');
    const missing = () => c.json({ success: '0', message: 'Изображение не найдено' }, 404);
    if (!SERVED_IMAGE_NAME.test(file)) return missing();
    const stored = await services.storage.readBytes(lessonImageKey(file));
    const svg = file.toLowerCase().endsWith('.svg');
    if (!stored) return svg ? svgFileResponse(c, SHIPPED_LESSON_IMAGES + file) : missing();
    if (svg) return svgBytesResponse(c, stored);
    const kind = imageKind(stored, ['png', 'jpeg', 'webp'] as const);
    if (!kind) return missing();
    // Uploaded and imported pictures get a new name for new bytes, so an address never changes content.
    return c.body(new Uint8Array(stored), 200, { 'content-type': RASTER_TYPES[kind], 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
  });
}
