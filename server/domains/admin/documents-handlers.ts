import { admin } from '../../../src/shared/contract';
import { DOCUMENT_KINDS } from '../../../src/shared/contract/documents';
import { formatMoscowDate, formatMoscowDateTime, moscowDateKey, moscowDayStart } from '../../../src/shared/domain/moscow-time';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { COURSE_PAGE_URL, coursePageUrl, currentDocument, DOCUMENT_TITLES, OLD_PLATFORM_URL, oldPlatformUrl } from '../../documents/store';
import { writeVariable } from './variables';

const TEXTS = {
  pastDate: 'Дата вступления в силу не может быть в прошлом: то, с чем люди уже согласились, не меняется.',
  badDate: 'Дата вступления в силу указана неверно.',
  courseComment: 'Адрес страницы курса для ссылок «Страница курса». Пусто — ссылки скрыты.',
  oldPlatformComment: 'Адрес старой платформы (кнопка «Старая платформа» в кураторской; пусто — кнопки нет)',
} as const;

/** The «Документы» tab of change-variables: document versions and the course page address. */
export const documentsAdminHandlers = [
  implement(admin.getDocumentsAdmin, async (ctx) => {
    const { db, clock } = ctx.services;
    const now = clock.now();
    const rows = await db
      .selectFrom('school_documents')
      .leftJoin('users', 'users.id', 'school_documents.created_by')
      .select(['school_documents.id', 'school_documents.kind', 'school_documents.body', 'school_documents.effective_from', 'school_documents.created_at', 'users.surname', 'users.name'])
      .orderBy('school_documents.effective_from', 'desc')
      .orderBy('school_documents.id', 'desc')
      .execute();
    const documents = [];
    for (const kind of DOCUMENT_KINDS) {
      const current = await currentDocument(db, kind, now);
      const versions = rows
        .filter((row) => row.kind === kind)
        .map((row) => ({
          id: row.id,
          text: row.body,
          effectiveFrom: formatMoscowDate(Number(row.effective_from)),
          createdAt: formatMoscowDateTime(Number(row.created_at)),
          authorName: [row.surname, row.name].filter(Boolean).join(' ') || 'Начальный шаблон',
          current: row.id === current?.id ? ('1' as const) : ('0' as const),
          scheduled: Number(row.effective_from) > now ? ('1' as const) : ('0' as const),
        }));
      documents.push({ kind, title: DOCUMENT_TITLES[kind], versions });
    }
    return { documents, coursePageUrl: await coursePageUrl(db), oldPlatformUrl: await oldPlatformUrl(db) };
  }),

  implement(admin.addDocumentVersion, async (ctx, { kind, text, effectiveFrom }) => {
    const now = ctx.services.clock.now();
    // Today (or no date) takes effect at once: a purchase made earlier today keeps the version it saw.
    let from = now;
    if (effectiveFrom !== '' && effectiveFrom !== moscowDateKey(now)) {
      const start = moscowDayStart(effectiveFrom);
      if (!Number.isFinite(start) || moscowDateKey(start) !== effectiveFrom) fail(TEXTS.badDate, { errors: { effectiveFrom: TEXTS.badDate } });
      if (start < now) fail(TEXTS.pastDate, { errors: { effectiveFrom: TEXTS.pastDate } });
      from = start;
    }
    const row = await ctx.services.db
      .insertInto('school_documents')
      .values({ kind, body: text, effective_from: from, created_by: ctx.user.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.services.log.info(`school_documents ${row.id}: ${kind} version added by user ${ctx.user.id}`);
    return { versionId: row.id };
  }),

  implement(admin.updateCoursePageUrl, async (ctx, { coursePageUrl: url, oldPlatformUrl: oldUrl }) => {
    const { db, dialect, clock } = ctx.services;
    await writeVariable(db, dialect, { name: COURSE_PAGE_URL, value: url, comment: TEXTS.courseComment, userId: ctx.user.id, now: clock.now() });
    if (oldUrl !== undefined) await writeVariable(db, dialect, { name: OLD_PLATFORM_URL, value: oldUrl, comment: TEXTS.oldPlatformComment, userId: ctx.user.id, now: clock.now() });
    return {};
  }),
];
