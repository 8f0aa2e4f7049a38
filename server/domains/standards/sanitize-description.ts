import sanitizeHtml from 'sanitize-html';
import { ownImagePath } from './own-image-path';

/**
 * The allow-list for a standard's HTML description, applied on every save. The screen also shows
 * the result in a sandboxed frame without scripts: two walls, so a gap in one is not a hole.
 * Only text structure survives: no scripts, styles, forms, frames, event handlers or
 * `javascript:` / `data:` addresses; links open in a new tab without access to our page; images
 * only from our own storage (see own-image-path.ts), so no reader's address reaches another host.
 */
const optionsFor = (ownOrigin: string | undefined): sanitizeHtml.IOptions => ({
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'sub', 'sup', 'small',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // Text inside these is dropped too, not shown as stray code.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    // A foreign picture loses its address here and is dropped whole by exclusiveFilter below.
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const own = ownImagePath(src, ownOrigin);
      return { tagName, attribs: own === null ? rest : { src: own, ...rest } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
});

/**
 * The stored form of a description: allowed tags and attributes only. `ownOrigin` is the
 * school's public address (PUBLIC_URL): images on it are kept as paths, any other image is dropped.
 */
export function sanitizeDescription(html: string, ownOrigin?: string): string {
  return sanitizeHtml(html, optionsFor(ownOrigin)).trim();
}
