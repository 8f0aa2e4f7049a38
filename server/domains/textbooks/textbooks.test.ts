import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textbooks } from '../../../src/shared/contract';
import { TEXTBOOK_TEXTS as T } from '../../../src/shared/contract/textbooks';
import type { TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

/** A printed page rendered by Chromium (tests/fixtures/ocr-page.png): 'ПРАВОВОЕ ГОСУДАРСТВО', a paragraph, a list. */
const PAGE_PNG = readFileSync(new URL('../../../tests/fixtures/ocr-page.png', import.meta.url));
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
const FORBIDDEN = { success: '0', message: 'Недостаточно прав для этого действия.' };

/** The multi-page upload as the back office sends it: signed `data`, then up to five `files`. */
async function uploadPages(client: TestClient, bookId: string, files: Array<{ name: string; bytes: Buffer }>) {
  const form = new FormData();
  form.append('data', JSON.stringify(await client.sign(textbooks.uploadBookPages.path, { bookId })));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(client.baseUrl + textbooks.uploadBookPages.path, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(testDialects)('textbooks on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
  });
  afterAll(() => server.close());

  it('creates, validates, lists and edits a book; a curator without the icon and a student are refused', async () => {
    const socket = await admin.openLive();
    const { id } = await socket.request(textbooks.createBook, { title: '  Обществознание. 10 класс ', author: 'Боголюбов Л. Н.', publishYear: '2021', pages: 3 });
    const { books, ocrProblem } = await socket.request(textbooks.getBooks, {});
    expect(ocrProblem).toBe('');
    expect(books.find((book) => book.id === id)).toEqual({ id, title: 'Обществознание. 10 класс', author: 'Боголюбов Л. Н.', publishYear: '2021', pages: '3', pagesWithImage: '0', pagesWithText: '0' });

    expect((await socket.requestRaw(textbooks.createBook.path, { title: '   ', author: '', publishYear: '', pages: 1 })).message).toContain(T.titleRequired);
    expect((await socket.requestRaw(textbooks.createBook.path, { title: 'Книга', author: '', publishYear: '', pages: 0 })).message).toContain(T.pagesPositive);
    expect((await socket.requestRaw(textbooks.updateBook.path, { id: 99_999, book: { title: 'Нет', author: '', publishYear: '', pages: 1 } })).message).toBe(T.notFound);

    await socket.request(textbooks.updateBook, { id, book: { title: 'Обществознание. 11 класс', author: '', publishYear: '', pages: 5 } });
    const edited = (await socket.request(textbooks.getBooks, {})).books.find((book) => book.id === id);
    expect(edited).toMatchObject({ title: 'Обществознание. 11 класс', author: '', publishYear: '', pages: '5' });
    expect((await socket.requestRaw(textbooks.getBookPage.path, { bookId: id, page: 6 })).message).toBe(T.pageOutOfRange);
    socket.close();

    for (const login of ['curator', 'student']) {
      const other = await (await server.signIn(login)).openLive();
      expect(await other.requestRaw(textbooks.getBooks.path, {})).toEqual(FORBIDDEN);
      expect(await other.requestRaw(textbooks.updateBookPage.path, { bookId: id, page: 1, pageText: 'чужое' })).toEqual(FORBIDDEN);
      other.close();
    }
    const student = await server.signIn('student');
    expect((await student.upload(textbooks.uploadBookPage.path, { bookId: id, page: 1 }, PAGE_PNG, 'page.png')).status).toBe(403);
  });

  it('takes page images checked by content, one or a batch named by page, and serves them', async () => {
    const socket = await admin.openLive();
    const { id } = await socket.request(textbooks.createBook, { title: 'Страницы', author: '', publishYear: '', pages: 3 });

    const single = await admin.upload(textbooks.uploadBookPage.path, { bookId: id, page: 2, filename: 'scan.png' }, PAGE_PNG, 'scan.png');
    expect(single.body).toEqual({ success: '1', message: '', uploadedPages: [2] });
    const page = await socket.request(textbooks.getBookPage, { bookId: id, page: 2 });
    expect(page.imageName).toMatch(/^\/app\/images\/books\/\d+-2-[0-9a-f]{16}\.png$/);
    const image = await fetch(server.url + page.imageName);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PAGE_PNG)).toBe(true);
    expect((await fetch(`${server.url}/app/images/books/..%2Fsecret.png`)).status).toBe(404);

    // A text file named .png, a page beyond the book, a batch with a badly named file: refused, nothing stored.
    expect((await admin.upload(textbooks.uploadBookPage.path, { bookId: id, page: 1 }, Buffer.from('не картинка'), 'x.png')).body.message).toBe(T.imageType);
    expect((await admin.upload(textbooks.uploadBookPage.path, { bookId: id, page: 4 }, PAGE_PNG, 'x.png')).body.message).toBe(T.pageOutOfRange);
    const badName = await uploadPages(admin, id, [
      { name: '1.png', bytes: PAGE_PNG },
      { name: 'обложка.png', bytes: PAGE_PNG },
    ]);
    expect(badName.body).toEqual({ success: '0', message: T.pageFilename });
    expect((await socket.request(textbooks.getBookPage, { bookId: id, page: 1 })).imageName).toBe('');

    const batch = await uploadPages(admin, id, [
      { name: '1.png', bytes: PAGE_PNG },
      { name: '3.gif', bytes: GIF },
    ]);
    expect(batch.body).toEqual({ success: '1', message: '', uploadedPages: [1, 3] });
    const listed = (await socket.request(textbooks.getBooks, {})).books.find((book) => book.id === id);
    expect(listed).toMatchObject({ pagesWithImage: '3', pagesWithText: '0' });

    // A replaced image gets a new address; the old one is gone.
    await admin.upload(textbooks.uploadBookPage.path, { bookId: id, page: 2 }, GIF, 'new.gif');
    const replaced = await socket.request(textbooks.getBookPage, { bookId: id, page: 2 });
    expect(replaced.imageName).not.toBe(page.imageName);
    expect((await fetch(server.url + page.imageName)).status).toBe(404);
    socket.close();
  });

  it('digitises pages by OCR in a durable job with progress pushes, keeps hand-made texts, and finds pages by word forms', async () => {
    const socket = await admin.openLive();
    const { id } = await socket.request(textbooks.createBook, { title: 'Право', author: '', publishYear: '', pages: 4 });
    const bookId = Number(id);
    expect((await uploadPages(admin, id, [1, 2, 3].map((n) => ({ name: `${n}.png`, bytes: n === 3 ? GIF : PAGE_PNG })))).body.success).toBe('1');
    await socket.request(textbooks.updateBookPage, { bookId, page: 2, pageText: 'Текст, исправленный куратором' });
    expect(await socket.request(textbooks.getBookPage, { bookId, page: 2 })).toMatchObject({ pageText: 'Текст, исправленный куратором', textSource: 'manual' });

    expect((await socket.requestRaw(textbooks.digitizeManyBookPages.path, { bookId, toDigitize: [4] })).message).toBe(
      'Среди выбранных страниц нет страниц с изображением и без расшифровки',
    );
    expect(await socket.request(textbooks.digitizeManyBookPages, { bookId, toDigitize: [1, 2, 3, 4] })).toEqual({ queued: 2 });
    expect((await socket.requestRaw(textbooks.digitizeManyBookPages.path, { bookId, toDigitize: [1] })).message).toBe('Расшифровка этого учебника уже идёт: дождитесь её окончания');

    const started = socket.nextPush(textbooks.updateInfoDigitizeManyBookPages);
    await socket.request(textbooks.triggerUpdateInfoDigitizeManyBookPages, {});
    expect((await started).body).toMatchObject({ bookId: id, totalDigitized: 0, toDigitize: 2, digitizedPages: [], isFinished: '0' });

    const finished = socket.waitFor(
      (message) => message.method === textbooks.updateInfoDigitizeManyBookPages.path && (message.body as { isFinished: string }).isFinished === '1',
      60_000,
      false,
    );
    await server.server.jobs.runDue();
    const body = textbooks.updateInfoDigitizeManyBookPages.body.parse((await finished).body);
    // Page 3 is a 1×1 GIF: no text on it, said so; page 1 is read; page 2 (manual) was never queued.
    expect(body).toMatchObject({ bookId: id, totalDigitized: 2, toDigitize: 2, digitizedPages: [1], isFinished: '1' });
    expect(body.status).toMatch(/^Ошибки: стр\. 3: /);

    const first = await socket.request(textbooks.getBookPage, { bookId, page: 1 });
    expect(first.textSource).toBe('ocr');
    expect(first.pageText).toContain('### ПРАВОВОЕ ГОСУДАРСТВО');
    expect(first.pageText).toContain('1. верховенство закона;');
    expect((await socket.request(textbooks.getBookPage, { bookId, page: 2 })).pageText).toBe('Текст, исправленный куратором');
    expect((await socket.request(textbooks.getBookPage, { bookId, page: 3 })).digitizeError).not.toBe('');

    // Word forms: 'правового государства' finds 'Правовое государство'.
    const { matches } = await socket.request(textbooks.searchBookPages, { query: 'правового государства' });
    const hit = matches.find((match) => match.bookId === id);
    expect(hit).toMatchObject({ title: 'Право', page: 1 });
    expect(hit!.snippet).toContain('Правовое государство');
    expect((await socket.request(textbooks.searchBookPages, { query: 'исправленного' })).matches.some((match) => match.bookId === id && match.page === 2)).toBe(true);
    expect((await socket.request(textbooks.searchBookPages, { query: 'квантовая хромодинамика' })).matches).toEqual([]);

    // Re-digitising one page on purpose (onlyEmpty '0') replaces a hand-made text.
    await socket.request(textbooks.digitizeManyBookPages, { bookId, toDigitize: [2], onlyEmpty: '0' });
    await server.server.jobs.runDue();
    expect((await socket.request(textbooks.getBookPage, { bookId, page: 2 })).textSource).toBe('ocr');
    socket.close();
  }, 120_000);
});

describe('textbooks on a server without tesseract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TESSERACT_PATH: '/nonexistent/tesseract' } });
  });
  afterAll(() => server.close());

  it('says why pages cannot be digitised and queues nothing', async () => {
    const admin = await server.signIn('admin');
    const socket = await admin.openLive();
    const { books, ocrProblem } = await socket.request(textbooks.getBooks, {});
    expect(ocrProblem).toMatch(/^Распознавание текста недоступно: tesseract \(\/nonexistent\/tesseract\) не запускается/);
    const { id } = await socket.request(textbooks.createBook, { title: 'Без OCR', author: '', publishYear: '', pages: 1 });
    await admin.upload(textbooks.uploadBookPage.path, { bookId: id, page: 1 }, PAGE_PNG, 'p.png');
    expect((await socket.requestRaw(textbooks.digitizeManyBookPages.path, { bookId: id, toDigitize: [1] })).message).toBe(ocrProblem);
    expect(await server.server.services.db.selectFrom('jobs').select('id').where('key', '=', `digitize-book:${id}`).execute()).toEqual([]);
    expect(books).toBeInstanceOf(Array);
    socket.close();
  });
});
