import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Context, Hono } from 'hono';
import { P2_IMAGE_MAX_BYTES, P2_IMAGE_NAME, P2_IMAGE_ROUTE, p2ImagePath, uploadP2ImageData, uploadPoyasnImage, uploadQuestionImage } from '../../../src/shared/contract/question-bank-p2';
import { P2_TEXTS as T } from '../../../src/shared/domain/question-bank-p2';
import { p2ImageCanonical } from '../../../src/shared/signing';
import { accessAllowed, type CurrentUser } from '../../auth/current-user';
import { checkSignedAddress } from '../../auth/signed-caller';
import { setCaller, type AppEnv } from '../../contract/request-chain';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { answerUpload, imageKind, receiveFile, refused, UPLOAD_MESSAGES, type UploadPermission } from '../../uploads';
import { checkImage, P2_IMAGE_KINDS, type P2ImageKind } from './image-check';
import { imageVersion } from './store';

const NOT_FOUND = 'Изображение не найдено';
const TYPES: Record<P2ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSIONS: Record<P2ImageKind, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
const STORED_KEY = /^questions2\/\d{1,10}-[0-9a-f]{8,32}\.(png|jpg|webp)$/;

/** Removes stored pictures by their keys (a missing file is no error). */
export async function removeP2Images(services: Services, keys: readonly string[]): Promise<void> {
  for (const key of keys) if (STORED_KEY.test(key)) await services.storage.deletePrefix(key).catch(() => undefined);
}

const editorsOnly =
  (services: Services): UploadPermission =>
  async (user) =>
    accessAllowed(uploadQuestionImage.access, user, await services.iconRules.get());

/**
 * An editor's signed image address (`device`, `ts`, `signature` = HMAC(session token,
 * '/questions2/' + {device, ts})) opens pictures of unpublished questions for ten minutes; it is
 * bound to this route, so it opens nothing else.
 */
async function signedEditor(c: Context<AppEnv>, services: Services): Promise<CurrentUser | null> {
  const check = await checkSignedAddress(services, c.req.query(), p2ImageCanonical);
  if (!check.ok || !(await editorsOnly(services)(check.user))) return null;
  setCaller(c, check.user.id);
  return check.user;
}

function mountUpload(app: Hono<AppEnv>, services: Services, contract: typeof uploadQuestionImage, column: 'question_image' | 'explanation_image') {
  const kind = column === 'question_image' ? 'question' : 'poyasn';
  app.post(contract.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: contract.path,
        data: uploadP2ImageData,
        allowed: editorsOnly(services),
        file: { field: 'file', maxBytes: P2_IMAGE_MAX_BYTES, tooLarge: T.imageSize },
      });
      const check = await checkImage(await readFile(file.path));
      if (!check.ok) throw refused(400, check.reason === 'type' ? T.imageType : check.reason === 'tooLarge' ? UPLOAD_MESSAGES.imagePixels : T.imageBroken);
      const row = await services.db.selectFrom('questions_p2').select(['id', column]).where('id', '=', data.questionId).executeTakeFirst();
      if (!row) throw refused(404, T.notFound);
      const key = safeKey('questions2', `${row.id}-${randomBytes(8).toString('hex')}.${EXTENSIONS[check.kind]}`);
      await services.storage.putPath(key, file.path);
      const old = row[column];
      // A new explanation picture makes the last OCR failure stale.
      const extra = column === 'explanation_image' ? { explanation_digitize_error: '' } : {};
      await services.db
        .updateTable('questions_p2')
        .set({ [column]: key, ...extra, updated_at: services.clock.now() })
        .where('id', '=', row.id)
        .execute();
      if (old !== key) await removeP2Images(services, [old]);
      services.log.info(`questions_p2 ${row.id}: ${kind} image ${check.width}×${check.height} (${file.size} bytes) by user ${user.id}`);
      return { image: p2ImagePath(row.id, kind, imageVersion(key)) };
    }),
  );
}

/**
 * POST /go/questions2/upload_question_image and /go/questions2/upload_poyasn_image: a png, jpeg
 * or webp of at most 10 MB, checked as a whole image, becomes the question's picture at once.
 * GET /questions2/{qId}.png and /questions2/{qId}_poyasn.png: the pictures, to anyone for a
 * published question (students in training), to an editor's signed address otherwise.
 */
export function mountP2Images(app: Hono<AppEnv>, services: Services): void {
  mountUpload(app, services, uploadQuestionImage, 'question_image');
  mountUpload(app, services, uploadPoyasnImage, 'explanation_image');

  app.get(`${P2_IMAGE_ROUTE}:file`, async (c) => {
    const match = P2_IMAGE_NAME.exec(c.req.param('file'));
    const missing = () => c.json({ success: '0', message: NOT_FOUND }, 404);
    if (!match) return missing();
    const row = await services.db
      .selectFrom('questions_p2')
      .select(['is_public', 'question_image', 'explanation_image'])
      .where('id', '=', Number(match[1]))
      .executeTakeFirst();
    const key = row ? (match[2] ? row.explanation_image : row.question_image) : '';
    if (!row || key === '') return missing();
    const published = row.is_public === 1;
    // Unpublished pictures answer 404 like missing ones, so their existence is not disclosed.
    if (!published && !(await signedEditor(c, services))) return missing();
    const bytes = await services.storage.readBytes(key);
    const kind = bytes ? imageKind(bytes, P2_IMAGE_KINDS) : null;
    if (!bytes || !kind) return missing();
    const etag = `"${imageVersion(key)}"`;
    if (published && c.req.header('if-none-match') === etag) return c.body(null, 304, { etag });
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': TYPES[kind],
      // The address is the same for every version of the picture: a client revalidates each time.
      'cache-control': published ? 'public, max-age=0, must-revalidate' : 'private, no-store',
      etag,
      'x-content-type-options': 'nosniff',
    });
  });
}
