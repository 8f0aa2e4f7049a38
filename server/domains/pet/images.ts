import type { Hono } from 'hono';
import { PET_GENERAL_PICTURES } from '../../../src/shared/domain/pet';
import type { AppEnv } from '../../contract/http-router';
import { svgFileResponse } from '../../contract/svg-file';
import { resourceDir } from '../../resources';

const PET_IMAGES = resourceDir('pet');

/** The general pictures (shell §3.1): background, cloud, cookie. */
export const GENERAL_IMAGES = PET_GENERAL_PICTURES.map((name) => ({ imagePath: '/general/', imageName: `${name}.svg` }));

/** Only these folders and plain names: no path can leave resources/pet. */
const IMAGE_PATH = /^\/avatars_images\/(cub|adult|general)\/([a-z]{1,20}\.svg)$/;

/**
 * The raccoon pictures under /avatars_images/ (shell §7.5): original SVGs drawn for this project
 * (resources/pet). Public like any illustration.
 */
export function mountPetImages(app: Hono<AppEnv>): void {
  app.get('/avatars_images/*', async (c) => {
    const match = IMAGE_PATH.exec(c.req.path);
    if (!match) return c.json({ success: '0', message: 'Изображение не найдено' }, 404);
    return svgFileResponse(c, `${PET_IMAGES}${match[1]}/${match[2]}`);
  });
}
