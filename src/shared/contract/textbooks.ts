import { z } from 'zod';
import { access } from './access';
import { live, push, upload } from './core';
import { flag, intLike, noInput, safeString } from './fields';

/**
 * Textbooks (back-office §2.14, §3 'Textbook', §5, §7.2 /books/…, §7.3 uploads): the school's books
 * as page images, their transcriptions by OCR (tesseract, server/providers/ocr.ts) edited by hand,
 * and, beyond the spec, a Russian full-text search across every transcription. Guarded by the same
 * icon rule that shows the 'Учебники' button.
 */

const textbookEditors = access.icon('textbooks');

export const MAX_BOOK_PAGES = 2000;
export const BOOK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The spec's §5 messages, verbatim. */
export const TEXTBOOK_TEXTS = {
  titleRequired: 'Название необходимо заполнить',
  pagesPositive: 'Количество страниц должно быть больше 0',
  pageFilename: 'Название файла должно быть в формате {страница}.jpg',
  imageType: 'Разрешены только форматы jpeg, jpg, png, gif',
  imageSize: 'Размер файла не должен превышать 10 МБ',
  notFound: 'Учебник не найден',
  pageOutOfRange: 'Такой страницы в учебнике нет',
} as const;

export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  publishYear: z.string(),
  pages: z.string(),
  /** Pages with an image, and with a transcription: the list shows how far the book is. */
  pagesWithImage: z.string(),
  pagesWithText: z.string(),
});
export type Book = z.infer<typeof bookSchema>;

const bookId = intLike.pipe(z.number().int().min(1, 'нет такого учебника'));
const pageNumber = intLike.pipe(z.number().int().min(1, TEXTBOOK_TEXTS.pageOutOfRange).max(MAX_BOOK_PAGES, TEXTBOOK_TEXTS.pageOutOfRange));

export const bookFieldsSchema = z.object({
  title: safeString().trim().min(1, TEXTBOOK_TEXTS.titleRequired).max(300, 'не длиннее 300 символов'),
  author: safeString().trim().max(300, 'не длиннее 300 символов'),
  publishYear: z.union([z.literal(''), intLike.pipe(z.number().int().min(1800, 'год издания от 1800').max(2100, 'год издания до 2100'))]),
  pages: intLike.pipe(z.number().int().min(1, TEXTBOOK_TEXTS.pagesPositive).max(MAX_BOOK_PAGES, `не больше ${MAX_BOOK_PAGES} страниц`)),
});

/** Why pages cannot be digitised on this server (no tesseract, no Russian), in Russian; '' when they can. */
const ocrProblem = z.string();

export const getBooks = live('/books/get_books', {
  input: noInput,
  output: z.object({ books: z.array(bookSchema), ocrProblem }),
  access: textbookEditors,
});

export const createBook = live('/books/create_book', {
  input: bookFieldsSchema,
  output: z.object({ id: z.string() }),
  access: textbookEditors,
});

export const updateBook = live('/books/update_book', {
  input: z.object({ id: bookId, book: bookFieldsSchema }),
  output: z.object({}),
  access: textbookEditors,
});

export const getBookPage = live('/books/get_book_page', {
  input: z.object({ bookId, page: pageNumber }),
  output: z.object({
    /** Address of the page image ('' when the page has none). */
    imageName: z.string(),
    pageText: z.string(),
    /** 'ocr', 'manual' or '' (no text yet). */
    textSource: z.string(),
    /** Why the last digitisation of this page failed; '' when it did not. */
    digitizeError: z.string(),
  }),
  access: textbookEditors,
});

export const updateBookPage = live('/books/update_book_page', {
  input: z.object({ bookId, page: pageNumber, pageText: safeString().max(100_000, 'не длиннее 100000 символов') }),
  output: z.object({}),
  access: textbookEditors,
});

/**
 * Queues the digitisation of the given pages (those with an image). `onlyEmpty` '1' (the bulk
 * popup's default) skips pages that already have a transcription, so a curator's edits survive.
 */
export const digitizeManyBookPages = live('/books/digitize_many_book_pages', {
  input: z.object({
    bookId,
    toDigitize: z.array(pageNumber).min(1, 'выберите страницы').max(MAX_BOOK_PAGES),
    onlyEmpty: flag.default('1'),
  }),
  output: z.object({ queued: z.number().int() }),
  access: textbookEditors,
});

/** Asks for the current progress: the server pushes update_info_digitize_many_book_pages at once. */
export const triggerUpdateInfoDigitizeManyBookPages = live('/books/trigger_update_info_digitize_many_book_pages', {
  input: noInput,
  output: z.object({}),
  access: textbookEditors,
});

export const updateInfoDigitizeManyBookPages = push('/books/update_info_digitize_many_book_pages', {
  body: z.object({
    bookId: z.string(),
    totalDigitized: z.number().int(),
    toDigitize: z.number().int(),
    digitizedPages: z.array(z.number().int()),
    isFinished: flag,
    status: z.string(),
  }),
});

/** Beyond the spec: which pages of which books talk about a topic (by word stems, like the video search). */
export const searchBookPages = live('/books/search_book_pages', {
  input: z.object({ query: safeString().trim().min(2, 'введите хотя бы два символа').max(200, 'не длиннее 200 символов') }),
  output: z.object({
    matches: z.array(z.object({ bookId: z.string(), title: z.string(), page: z.number().int(), snippet: z.string() })),
  }),
  access: textbookEditors,
  extension: true,
});

/** Multipart: `file` (jpeg, png or gif, 10 MB at most) + `data` = signed JSON {bookId, page, filename}. */
export const uploadBookPage = upload('/go/books/upload_book_page', { access: textbookEditors });
export const uploadBookPageData = z.object({ bookId, page: pageNumber, filename: safeString().max(300).optional() });

/** Multipart: up to 5 `files` named {page}.jpg + `data` = signed JSON {bookId}. Answers {uploadedPages}. */
export const uploadBookPages = upload('/go/books/upload_book_pages', { access: textbookEditors });
export const uploadBookPagesData = z.object({ bookId });
export const BOOK_PAGES_PER_BATCH = 5;

/** A page file name in multi-upload: the page number, then the extension ('12.jpg'). */
export const PAGE_FILENAME = /^(\d{1,4})\.(jpe?g|png|gif)$/i;

/** Where page images are served from; names are random and never reused. */
export const BOOK_IMAGE_ROUTE = '/app/images/books/';
export const BOOK_IMAGE_NAME = /^(\d{1,10})-(\d{1,4})-([0-9a-f]{16})\.(png|jpg|gif)$/;
export const bookImagePath = (name: string) => `${BOOK_IMAGE_ROUTE}${name}`;
