/**
 * An uploaded SVG lesson picture is accepted only when it is plain drawing: no script, no event
 * handler, no embedded document or object, no entity or DOCTYPE tricks and no reference outside
 * the file (only '#id' links). It is served besides with a CSP that runs nothing
 * (contract/svg-file.ts), so even a trick this check missed would not execute.
 */

const ROOT = /^\uFEFF?\s*(<\?xml[^>]{0,200}\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
const ACTIVE = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
  /<!\s*(ENTITY|DOCTYPE)/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  /\b(xlink:)?href\s*=\s*["']\s*[^"'#\s]/i,
  /@import/i,
  /url\(\s*["']?\s*[^"')#\s]/i,
];

export type SvgVerdict = 'svg' | 'unsafe' | 'notSvg';

/** Whether these bytes are an SVG drawing, an SVG with active content, or no SVG at all. */
export function checkSvg(bytes: Uint8Array): SvgVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'notSvg';
  }
  if (text.includes('\u0000') || !ROOT.test(text) || !/<\/svg\s*>\s*$/i.test(text)) return 'notSvg';
  return ACTIVE.some((pattern) => pattern.test(text)) ? 'unsafe' : 'svg';
}
