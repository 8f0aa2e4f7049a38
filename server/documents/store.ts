import type { DocumentKind } from '../../src/shared/contract/documents';
import type { Db } from '../db';

/* The school's documents and public links: read by the documents pages, the admin tab and finances. */

/** Titles of the school's documents, as the pages and the admin tab show them. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  oferta: 'Договор-оферта',
  privacy: 'Политика конфиденциальности',
};

/** Admin variable holding the «Страница курса» address (empty = the links are hidden). */
export const COURSE_PAGE_URL = 'COURSE_PAGE_URL';
/** Back-office §2.2 «Старая платформа» (seeded empty by server/db/seed/reference.ts). */
export const OLD_PLATFORM_URL = 'OLD_PLATFORM_URL';

/** The version of `kind` in effect at `now`: the newest whose date has come (ties: the later save). */
export async function currentDocument(db: Db, kind: DocumentKind, now: number) {
  return db
    .selectFrom('school_documents')
    .select(['id', 'body', 'effective_from'])
    .where('kind', '=', kind)
    .where('effective_from', '<=', now)
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The «Страница курса» address, or '' while unset. */
export async function coursePageUrl(db: Db): Promise<string> {
  const row = await db.selectFrom('admin_variables').select('value').where('name', '=', COURSE_PAGE_URL).executeTakeFirst();
  return row?.value ?? '';
}

export async function oldPlatformUrl(db: Db): Promise<string> {
  const row = await db.selectFrom('admin_variables').select('value').where('name', '=', OLD_PLATFORM_URL).executeTakeFirst();
  return row?.value ?? '';
}
