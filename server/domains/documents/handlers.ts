import { documents } from '../../../src/shared/contract';
import { formatMoscowDate } from '../../../src/shared/domain/moscow-time';
import { implementPublic } from '../../contract/implement';
import { coursePageUrl, currentDocument, DOCUMENT_TITLES } from '../../documents/store';

/** Public handlers of src/shared/contract/documents.ts: the document pages and the sign-in page's links. */
export const documentsHandlers = [
  implementPublic(documents.getSchoolDocument, async (ctx, { kind }) => {
    const row = await currentDocument(ctx.services.db, kind, ctx.services.clock.now());
    return {
      document: {
        kind,
        title: DOCUMENT_TITLES[kind],
        text: row?.body ?? '',
        effectiveFrom: row ? formatMoscowDate(Number(row.effective_from)) : '',
        versionId: row?.id ?? 0,
      },
    };
  }),

  implementPublic(documents.getSiteLinks, async (ctx) => ({ coursePageUrl: await coursePageUrl(ctx.services.db) })),
];
