import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';

/**
 * Answers with an SVG shipped in resources/ (lesson pictures, the raccoon): cached for a day, and
 * with a CSP that runs nothing, so an SVG opened directly cannot execute script. The caller has
 * already checked the name against a strict pattern; a missing file is the JSON 404 of the app.
 */
export async function svgFileResponse(c: Context, file: string): Promise<Response> {
  try {
    const body = await readFile(file);
    return c.body(body, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  } catch {
    return c.json({ success: '0', message: 'Изображение не найдено' }, 404);
  }
}
