import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import {
  BOOK_IMAGE_MAX_BYTES,
  BOOK_IMAGE_NAME,
  BOOK_IMAGE_ROUTE,
  BOOK_PAGES_PER_BATCH,
  PAGE_FILENAME,
  TEXTBOOK_TEXTS as T,
  uploadBookPage,
  uploadBookPageData,
  uploadBookPages,
  uploadBookPagesData,
} from '../../../src/shared/contract/textbooks';
import { accessAllowed, type CurrentUser } from '../../auth/current-user';
import type { AppEnv } from '../../contract/http-router';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { answerUpload, imageKind, receiveFile, receiveUpload, refused, uploadedImage, type UploadPermission } from '../../uploads';
import { upsertPage } from './store';

const NOT_FOUND = 'Изображение не найдено';
const TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;
const EXTENSIONS = { png: 'png', jpeg: 'jpg', gif: 'gif' } as const;
const PAGE_KINDS = ['png', 'jpeg', 'gif'] as const;

const imageKey = (name: string) => safeKey('books', name);
/** The icon rule that guards every textbook call (the same one shows the 'Учебники' button). */
const allowedBy =
  (services: Services): UploadPermission =>
  async (user) =>
    accessAllowed(uploadBookPage.access, user, await services.iconRules.get());

/** A checked page file: its type by its first bytes and its size by its header (the name and declared type are not trusted). */
async function checkedImage(path: string): Promise<keyof typeof TYPES> {
  return (await uploadedImage(path, PAGE_KINDS, T.imageType)).kind;
}

async function bookPages(services: Services, bookId: number): Promise<number> {
  const book = await services.db.selectFrom('textbooks').select('pages').where('id', '=', bookId).executeTakeFirst();
  if (!book) throw refused(404, T.notFound);
  return book.pages;
}

/** Stores the image as the page's own under a fresh name and removes the one it replaces. */
async function storePageImage(
  services: Services,
  user: CurrentUser,
  { bookId, page, path, kind }: { bookId: number; page: number; path: string; kind: keyof typeof TYPES },
): Promise<void> {
  const name = `${bookId}-${page}-${randomBytes(8).toString('hex')}.${EXTENSIONS[kind]}`;
  const key = imageKey(name);
  await services.storage.putPath(key, path);
  const old = await services.db.selectFrom('textbook_pages').select('image_key').where('book_id', '=', bookId).where('page', '=', page).executeTakeFirst();
  const now = services.clock.now();
  await upsertPage(services.db, bookId, page, { image_key: key, digitize_error: '', updated_at: now, updated_by: user.id });
  if (old && old.image_key !== '' && old.image_key !== key) await services.storage.deletePrefix(old.image_key).catch(() => undefined);
}

/**
 * POST /go/books/upload_book_page (one image for the given page) and /go/books/upload_book_pages
 * (up to five images named {page}.jpg): jpeg, png or gif of at most 10 MB, recognised by content.
 * GET /app/images/books/{name}: a page image for the back office.
 */
export function mountTextbookImages(app: Hono<AppEnv>, services: Services): void {
  app.post(uploadBookPage.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: uploadBookPage.path,
        data: uploadBookPageData,
        allowed: allowedBy(services),
        file: { field: 'file', maxBytes: BOOK_IMAGE_MAX_BYTES, tooLarge: T.imageSize },
      });
      const kind = await checkedImage(file.path);
      if (data.page > (await bookPages(services, data.bookId))) throw refused(400, T.pageOutOfRange);
      await storePageImage(services, user, { bookId: data.bookId, page: data.page, path: file.path, kind });
      services.log.info(`textbook ${data.bookId}: page ${data.page} image ${file.size} bytes by user ${user.id}`);
      return { uploadedPages: [data.page] };
    }),
  );

  app.post(uploadBookPages.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      // Up to five page files in one request, all checked before any is stored (a batch lands whole or not at all).
      const { user, data, files } = await receiveUpload(c, services, scratch, {
        path: uploadBookPages.path,
        data: uploadBookPagesData,
        allowed: allowedBy(services),
        file: { field: 'files', maxBytes: BOOK_IMAGE_MAX_BYTES, maxCount: BOOK_PAGES_PER_BATCH, tooLarge: T.imageSize },
      });
      const pages = await bookPages(services, data.bookId);
      const checked = [];
      for (const file of files) {
        const match = PAGE_FILENAME.exec(file.filename.split(/[\\/]/).pop() ?? '');
        if (!match) throw refused(400, T.pageFilename);
        const page = Number(match[1]);
        if (page < 1 || page > pages) throw refused(400, `${T.pageOutOfRange}: ${page}`);
        checked.push({ page, path: file.path, kind: await checkedImage(file.path) });
      }
      for (const item of checked) await storePageImage(services, user, { bookId: data.bookId, page: item.page, path: item.path, kind: item.kind });
      const uploadedPages = [...new Set(checked.map((item) => item.page))].sort((a, b) => a - b);
      services.log.info(`textbook ${data.bookId}: pages ${uploadedPages.join(',')} uploaded by user ${user.id}`);
      return { uploadedPages };
    }),
  );

  app.get(`${BOOK_IMAGE_ROUTE}:file`, async (c) => {
    const name = c.req.param('file');
    if (!BOOK_IMAGE_NAME.test(name)) return c.json({ success: '0', message: NOT_FOUND }, 404);
    const bytes = await services.storage.readBytes(imageKey(name));
    const kind = bytes ? imageKind(bytes, PAGE_KINDS) : null;
    if (!bytes || !kind) return c.json({ success: '0', message: NOT_FOUND }, 404);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': TYPES[kind],
      // Names are random and never reused: a replaced page gets a new name, so caching is safe.
      'cache-control': 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
    });
  });
}

