import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { COURSE_EDITOR_TEXTS as T, LESSON_SVG_MAX_BYTES, uploadLessonImage, uploadLessonImageData } from '../../../../src/shared/contract/course-editor';
import { accessAllowed } from '../../../auth/current-user';
import type { AppEnv } from '../../../contract/http-router';
import type { Services } from '../../../services';
import { answerUpload, fileHead, IMAGE_MAX_BYTES, imageKind, receiveFile, refused, UPLOAD_MESSAGES, uploadedImage } from '../../../uploads';
import { checkSvg } from './lesson-svg';
import { LESSON_IMAGE_URL, lessonImageKey, servedImageName } from '../lesson-images';

const RASTER = ['png', 'jpeg', 'webp'] as const;
const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;


/** PNG, JPEG and WebP by their header (size limits included); otherwise an SVG drawing with nothing active in it. */
async function pictureExtension(path: string, size: number): Promise<string> {
  const head = await fileHead(path);
  if (imageKind(head, RASTER)) return EXTENSIONS[(await uploadedImage(path, RASTER, T.imageType)).kind];
  if (size > LESSON_SVG_MAX_BYTES) throw refused(400, T.imageType);
  const verdict = checkSvg(await readFile(path));
  if (verdict === 'unsafe') throw refused(400, T.svgUnsafe);
  if (verdict === 'notSvg') throw refused(400, T.imageType);
  return 'svg';
}

/**
 * POST uploadLessonImage: the course editor's picture for a lesson (PNG, JPEG, WebP or SVG, at
 * most 10 MB), stored under a fresh name so the road's cached copy of the old one never shows;
 * the old uploaded file is removed.
 */
export function mountLessonImageUpload(app: Hono<AppEnv>, services: Services): void {
  app.post(uploadLessonImage.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: uploadLessonImage.path,
        data: uploadLessonImageData,
        allowed: async (caller) => accessAllowed(uploadLessonImage.access, caller, await services.iconRules.get()),
        file: { field: 'file', maxBytes: IMAGE_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.imageSize },
      });
      const lesson = await services.db.selectFrom('lessons').select(['number', 'image_path']).where('number', '=', data.number).executeTakeFirst();
      if (!lesson) throw refused(404, T.lessonNotFound);
      const extension = await pictureExtension(file.path, file.size);
      const name = `${lesson.number}-${randomBytes(8).toString('hex')}.${extension}`;
      await services.storage.putPath(lessonImageKey(name), file.path);
      const imagePath = LESSON_IMAGE_URL + name;
      await services.db.updateTable('lessons').set({ image_path: imagePath, updated_at: services.clock.now() }).where('number', '=', lesson.number).execute();
      // The old picture goes unless another lesson shows it too (a package may give two lessons one picture).
      const old = servedImageName(lesson.image_path);
      const shared = await services.db.selectFrom('lessons').select('number').where('image_path', '=', lesson.image_path).where('number', '!=', lesson.number).executeTakeFirst();
      if (old && !shared) await services.storage.deletePrefix(lessonImageKey(old)).catch(() => undefined);
      services.log.info(`lesson ${lesson.number}: picture ${name} (${file.size} bytes) by user ${user.id}`);
      return { imagePath };
    }),
  );
}
