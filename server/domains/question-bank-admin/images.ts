import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { QUESTION_IMAGE_NAME, QUESTION_IMAGE_ROUTE, questionImagePath, uploadImageQuestion, uploadImageQuestionData } from '../../../src/shared/contract/question-bank-admin';
import { QUESTION_BANK_TEXTS as T } from '../../../src/shared/domain/question-bank-p1';
import { accessAllowed } from '../../auth/current-user';
import type { AppEnv } from '../../contract/http-router';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { answerUpload, IMAGE_MAX_BYTES, imageKind, receiveFile, refused, uploadedImage } from '../../uploads';

const NOT_FOUND = 'Изображение не найдено';
const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
const QUESTION_IMAGE_KINDS = ['png', 'jpeg'] as const;

/** Storage key of a question image by its public name (already matched by QUESTION_IMAGE_NAME). */
const imageKey = (name: string) => safeKey('questions', name);

/** Removes a question's image: the column first (students stop seeing it), then the file. */
export async function removeQuestionImage(services: Services, questionId: number, imagePath: string): Promise<void> {
  await services.db.updateTable('questions_p1').set({ image_path: '', updated_at: services.clock.now() }).where('id', '=', questionId).execute();
  const name = imagePath.startsWith(QUESTION_IMAGE_ROUTE) ? imagePath.slice(QUESTION_IMAGE_ROUTE.length) : '';
  if (QUESTION_IMAGE_NAME.test(name)) await services.storage.deletePrefix(imageKey(name)).catch(() => undefined);
}

/**
 * POST upload_image_question.php (multipart, signed `data` {questionId}): a jpeg or png of at most
 * 10 MB, recognised by its first bytes, becomes the question's image at once under a fresh name
 * (a cached old picture never shows for the new one). GET /app/images/questions/{name}: the image.
 */
export function mountQuestionImages(app: Hono<AppEnv>, services: Services): void {
  app.post(uploadImageQuestion.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const icons = new Map();
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: uploadImageQuestion.path,
        data: uploadImageQuestionData,
        allowed: async (candidate) => accessAllowed(uploadImageQuestion.access, candidate, icons),
        file: { field: 'file', maxBytes: IMAGE_MAX_BYTES, tooLarge: T.imageSize },
      });
      const { kind } = await uploadedImage(file.path, QUESTION_IMAGE_KINDS, T.imageType);
      const row = await services.db.selectFrom('questions_p1').select(['id', 'image_path']).where('id', '=', data.questionId).executeTakeFirst();
      if (!row) throw refused(404, T.notFound);
      const name = `${row.id}-${randomBytes(6).toString('hex')}.${kind === 'jpeg' ? 'jpg' : 'png'}`;
      await services.storage.putPath(imageKey(name), file.path);
      const questionImage = questionImagePath(name);
      await services.db.updateTable('questions_p1').set({ image_path: questionImage, updated_at: services.clock.now() }).where('id', '=', row.id).execute();
      if (row.image_path !== '' && row.image_path !== questionImage) {
        const old = row.image_path.slice(QUESTION_IMAGE_ROUTE.length);
        if (row.image_path.startsWith(QUESTION_IMAGE_ROUTE) && QUESTION_IMAGE_NAME.test(old)) await services.storage.deletePrefix(imageKey(old)).catch(() => undefined);
      }
      services.log.info(`questions_p1 ${row.id}: image ${file.size} bytes uploaded by user ${user.id}`);
      return { questionImage };
    }),
  );

  app.get(`${QUESTION_IMAGE_ROUTE}:file`, async (c) => {
    const name = c.req.param('file');
    const match = QUESTION_IMAGE_NAME.exec(name);
    if (!match) return c.json({ success: '0', message: NOT_FOUND }, 404);
    const bytes = await services.storage.readBytes(imageKey(name));
    const kind = bytes ? imageKind(bytes, QUESTION_IMAGE_KINDS) : null;
    if (!bytes || !kind) return c.json({ success: '0', message: NOT_FOUND }, 404);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': TYPES[kind === 'jpeg' ? 'jpg' : 'png'],
      // Names are never reused, so the picture can be cached for long.
      'cache-control': 'public, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
    });
  });
}
