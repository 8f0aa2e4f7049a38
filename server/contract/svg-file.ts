import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';

/**
 * Answers with an SVG shipped in resources/ (lesson pictures, the raccoon): cached for a day, and
 * with a CSP that runs nothing, so an SVG opened directly cannot execute script. The caller has
 * already checked the name against a strict pattern; a missing file is the JSON 404 of the app.
 */
export async function svgFileResponse(c: Context, file: string): Promise<Response> {
  try {
    return svgBytesResponse(c, await readFile(file));
  } catch {
    return c.json({ success: '0', message: 'Изображение не найдено' }, 404);
  }
}

/** The same answer for SVG bytes from storage (an uploaded lesson picture). */
export function svgBytesResponse(c: Context, body: Uint8Array): Response {
  return c.body(new Uint8Array(body), 200, {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
}
