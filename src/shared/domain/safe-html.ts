/**
 * Curator comments arrive as HTML (learning-area §3 'zachComment html'). Everything is escaped
 * except a few bare formatting tags, so nothing a curator types can run script or load anything.
 */
const ALLOWED = ['b', 'i', 'u', 's', 'strong', 'em', 'p', 'br', 'ul', 'ol', 'li'];

export function sanitizeCommentHtml(html: string): string {
  const escaped = html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  // Re-open only attribute-free allowed tags: `<b>`, `</b>`, `<br>`, `<br/>`.
  return escaped.replace(/&lt;(\/?)([a-z]+)\s*(\/?)&gt;/gi, (whole, close: string, name: string, selfClose: string) =>
    ALLOWED.includes(name.toLowerCase()) ? `<${close}${name.toLowerCase()}${selfClose ? ' /' : ''}>` : whole,
  );
}
