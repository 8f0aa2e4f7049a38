/**
 * The document a standard's HTML is shown in: a sandboxed frame with no scripts (the iframe's
 * sandbox has no allow-scripts) and, as a second wall, a CSP that allows no script, frame,
 * form or connection at all, and images from our own origin only. Colours come from the page's theme, links open in a new tab.
 */
export interface FrameColors {
  text: string;
  background: string;
  accent: string;
  border: string;
  muted: string;
  font: string;
}

// Images only from our own origin (the server keeps only its storage's pictures, see
// server/domains/standards/own-image-path.ts): this wall also covers descriptions stored before
// that rule and the editor's preview of unsaved HTML, so no other host learns who reads.
export const FRAME_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-src 'none'";

const escapeCss = (value: string) => value.replace(/[<>{};]/g, '');

/** The srcdoc of the description frame. */
export function frameDocument(html: string, colors: FrameColors): string {
  const c: FrameColors = {
    text: escapeCss(colors.text),
    background: escapeCss(colors.background),
    accent: escapeCss(colors.accent),
    border: escapeCss(colors.border),
    muted: escapeCss(colors.muted),
    font: escapeCss(colors.font),
  };
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">
<base target="_blank">
<style>
html{color-scheme:light dark}
body{margin:0;padding:2px 2px 4px;font:15px/1.55 ${c.font};color:${c.text};background:${c.background};overflow-wrap:anywhere}
a{color:${c.accent}}
h1,h2,h3,h4{line-height:1.25;margin:.8em 0 .4em}
h1:first-child,h2:first-child,h3:first-child,p:first-child{margin-top:0}
p{margin:.5em 0}
ul,ol{padding-left:1.4em}
img{max-width:100%;height:auto}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid ${c.border};padding:6px 8px;text-align:left;vertical-align:top}
blockquote{margin:.5em 0;padding-left:12px;border-left:3px solid ${c.border};color:${c.muted}}
pre,code{font-family:ui-monospace,monospace;font-size:.92em}
pre{white-space:pre-wrap}
</style></head><body>${html}</body></html>`;
}

/** The theme's colours as the page shows them now. */
export function currentFrameColors(): FrameColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--text', '#1a1a1a'),
    background: read('--surface', '#ffffff'),
    accent: read('--accent', '#2f6f4f'),
    border: read('--border', '#d0d0d0'),
    muted: read('--text-muted', '#666666'),
    font: read('--font-sans', 'system-ui, sans-serif'),
  };
}
