import type { Hono } from 'hono';
import type { AppEnv } from '../../contract/http-router';
import { svgFileResponse } from '../../contract/svg-file';
import { resourceDir } from '../../resources';

const LESSON_IMAGES = resourceDir('course', 'lessons');

/**
 * Lesson pictures shipped with the course (`lesson_img_adr` of the road). Public like any course
 * illustration; the name is checked against a strict pattern, so no path can escape the folder.
 */
export function mountCourseImages(app: Hono<AppEnv>): void {
  app.get('/app/images/lessons/:file', async (c) => {
    const file = c.req.param('file');
    if (!/^lesson-\d{1,5}\.svg$/.test(file)) return c.json({ success: '0', message: 'Изображение не найдено' }, 404);
    return svgFileResponse(c, LESSON_IMAGES + file);
  });
}
