import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { PET_GENERAL_PICTURES } from '../../../src/shared/domain/pet';
import type { AppEnv } from '../../contract/http-router';

const PET_IMAGES = fileURLToPath(new URL('../../../resources/pet/', import.meta.url));

/** The general pictures (shell §3.1): background, cloud, cookie. */
export const GENERAL_IMAGES = PET_GENERAL_PICTURES.map((name) => ({ imagePath: '/general/', imageName: `${name}.svg` }));

/** Only these folders and plain names: no path can leave resources/pet. */
const IMAGE_PATH = /^\/avatars_images\/(cub|adult|general)\/([a-z]{1,20}\.svg)$/;

/**
 * The raccoon pictures under /avatars_images/ (shell §7.5): original SVGs drawn for this project
 * (resources/pet). Public like any illustration; SVGs are served with a CSP that runs nothing.
 */
export function mountPetImages(app: Hono<AppEnv>): void {
  app.get('/avatars_images/*', async (c) => {
    const match = IMAGE_PATH.exec(c.req.path);
    if (!match) return c.json({ success: '0', message: 'Изображение не найдено' }, 404);
    try {
      const body = await readFile(`${PET_IMAGES}${match[1]}/${match[2]}`);
      return c.body(body, 200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
    } catch {
      return c.json({ success: '0', message: 'Изображение не найдено' }, 404);
    }
  });
}
