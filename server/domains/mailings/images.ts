import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { createImage, createImageData, MAILING_IMAGE_MAX_BYTES } from '../../../src/shared/contract/mailings';
import { accessAllowed } from '../../auth/current-user';
import type { AppEnv } from '../../contract/http-router';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { answer, fileHead, imageKind, receive, refused, UPLOAD_MESSAGES } from '../video-media/uploads';

/**
 * POST /go/mailing/create_image (multipart, signed `data`): a jpeg, png or gif of at most 10 MB,
 * recognised by its first bytes, stored under a fresh random name; the key goes into the mailing.
 */
export function mountMailingImages(app: Hono<AppEnv>, services: Services): void {
  app.post(createImage.path, (c) =>
    answer(c, services, createImage.path, async (dir) => {
      const icons = await services.iconRules.get();
      const { file } = await receive(c, services, createImage.path, createImageData, MAILING_IMAGE_MAX_BYTES, UPLOAD_MESSAGES.imageSize, dir, (user) =>
        accessAllowed(createImage.access, user, icons),
      );
      const kind = imageKind(await fileHead(file.path));
      if (!kind) throw refused(400, UPLOAD_MESSAGES.imageType);
      const key = safeKey('mailings', `${randomBytes(12).toString('hex')}.${kind === 'jpeg' ? 'jpg' : kind}`);
      await services.storage.putPath(key, file.path);
      return { imagePath: key };
    }),
  );
}
