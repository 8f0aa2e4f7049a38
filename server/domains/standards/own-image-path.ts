import { QUESTION_IMAGE_ROUTE } from '../../../src/shared/contract/question-bank-admin';
import { P2_IMAGE_ROUTE } from '../../../src/shared/contract/question-bank-p2';
import { BOOK_IMAGE_ROUTE } from '../../../src/shared/contract/textbooks';

/**
 * Where our own storage serves pictures (GET routes of this server). A standard's description may
 * show images only from here: any other host would learn the address of every reader who opens
 * the standard (issue #25 row 12, a tracking pixel).
 */
export const OWN_IMAGE_ROUTES: readonly string[] = ['/app/images/', QUESTION_IMAGE_ROUTE, P2_IMAGE_ROUTE, BOOK_IMAGE_ROUTE, '/avatars_images/'];

/**
 * The path to keep for an image `src`, or null to drop the image. Accepted: a root-relative path,
 * or an absolute address on our own public origin (rewritten to its path, so it keeps working if
 * the school moves to another address), in both cases under one of OWN_IMAGE_ROUTES.
 */
export function ownImagePath(src: string | undefined, ownOrigin: string | undefined): string | null {
  const raw = (src ?? '').trim();
  if (raw === '' || raw.startsWith('//') || raw.includes('\\')) return null;
  const isPath = raw.startsWith('/');
  if (!isPath && !ownOrigin) return null;
  // The origin only anchors the parse; for a path the result cannot leave it.
  const base = ownOrigin ?? 'http://own.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  if (!OWN_IMAGE_ROUTES.some((route) => url.pathname.startsWith(route))) return null;
  return url.pathname + url.search;
}
