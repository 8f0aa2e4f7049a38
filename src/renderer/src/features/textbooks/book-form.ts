import { BOOK_IMAGE_MAX_BYTES, BOOK_PAGES_PER_BATCH, PAGE_FILENAME } from '@shared/contract/textbooks';
import { ruTextbooks } from '../../i18n/textbooks';

const d = ruTextbooks.dialog;
const u = ruTextbooks.upload;

export interface BookForm {
  title: string;
  author: string;
  publishYear: string;
  pages: string;
}

export type BookErrors = Partial<Record<keyof BookForm, string>>;

/** Spec §5: a title after trimming, pages a number of at least 1; the year, when given, four digits. */
export function bookErrors(form: BookForm): BookErrors {
  const errors: BookErrors = {};
  if (form.title.trim() === '') errors.title = d.titleRequired;
  const pages = form.pages.trim();
  if (!/^\d{1,4}$/.test(pages) || Number(pages) < 1) errors.pages = d.pagesPositive;
  const year = form.publishYear.trim();
  if (year !== '' && (!/^\d{4}$/.test(year) || Number(year) < 1800 || Number(year) > 2100)) errors.publishYear = d.yearInvalid;
  return errors;
}

export function bookInput(form: BookForm) {
  return { title: form.title.trim(), author: form.author.trim(), publishYear: form.publishYear.trim(), pages: Number(form.pages.trim()) };
}

/** Spec §5: a jump below 1 or above the page count is ignored (null). */
export function jumpTarget(text: string, total: number): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null;
  const page = Number(text.trim());
  return page >= 1 && page <= total ? page : null;
}

const EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];

/** The client-side check of a page image (§5); the server checks the bytes again. */
export function imageProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!EXTENSIONS.includes(extension)) return u.imageType;
  if (file.size > BOOK_IMAGE_MAX_BYTES) return u.imageSize;
  return null;
}

/** Multi-upload: every file named by its page ('12.jpg') within the book; pages in order. */
export function pagedFiles(files: readonly File[], total: number): { files: Array<{ page: number; file: File }>; problem: string | null } {
  const paged: Array<{ page: number; file: File }> = [];
  for (const file of files) {
    const match = PAGE_FILENAME.exec(file.name);
    if (!match) return { files: [], problem: `${u.pageFilename} (${file.name})` };
    const page = Number(match[1]);
    if (page < 1 || page > total) return { files: [], problem: u.beyond(page, total) };
    const problem = imageProblem(file);
    if (problem) return { files: [], problem: `${problem} (${file.name})` };
    paged.push({ page, file });
  }
  return { files: paged.sort((a, b) => a.page - b.page), problem: null };
}

/** Batches of five, as the server takes them (§7.3). */
export function batches<T>(items: readonly T[], size = BOOK_PAGES_PER_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The bulk popup's range: whole numbers within the book, from ≤ to; null when invalid. */
export function pageRange(from: string, to: string, total: number): number[] | null {
  const a = jumpTarget(from, total);
  const b = jumpTarget(to, total);
  if (a === null || b === null || a > b) return null;
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
