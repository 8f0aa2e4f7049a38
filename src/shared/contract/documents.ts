import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { noInput } from './fields';

/**
 * The school's documents and public links (our extension, not in the catalogue).
 * The offer and the privacy policy are markdown, versioned: a save adds a version that takes
 * effect on its date, and the public page shows the one in effect now. The course page address
 * is a setting; while it is empty the apps hide their «Страница курса» links.
 * Handlers: server/domains/documents.
 */

export const DOCUMENT_KINDS = ['oferta', 'privacy'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentKind = z.enum(DOCUMENT_KINDS, { message: 'неизвестный документ' });

/** Longest document text, in characters (a long offer is about 60 000). */
export const DOCUMENT_MAX_CHARS = 200_000;

/** One version as the public page shows it. */
const publishedDocument = z.object({
  kind: documentKind,
  title: z.string(),
  /** Empty while the school has published no version yet. */
  text: z.string(),
  /** dd.mm.yyyy (Moscow) the shown version took effect; empty with no version. */
  effectiveFrom: z.string(),
  versionId: z.number().int(),
});

/** Public: the document pages are read without signing in (the top-up popup links to them). */
export const getSchoolDocument = http('/app/api/documents/get_document.php', {
  input: z.object({ kind: documentKind }),
  output: z.object({ document: publishedDocument }),
  access: access.public,
  extension: true,
});

/** Public: addresses the sign-in page links to; empty means «not set, hide the link». */
export const getSiteLinks = http('/app/api/documents/get_site_links.php', {
  input: noInput,
  output: z.object({ coursePageUrl: z.string() }),
  access: access.public,
  extension: true,
});
