import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { createImage, createImageData, MAILING_IMAGE_MAX_BYTES } from '../../../src/shared/contract/mailings';
import { accessAllowed } from '../../auth/current-user';
import type { AppEnv } from '../../contract/http-router';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { answerUpload, receiveFile, UPLOAD_MESSAGES, uploadedImage } from '../../uploads';

/**
 * POST /go/mailing/create_image (multipart, signed `data`): a jpeg, png or gif of at most 10 MB,
 * recognised by its first bytes and at most 40 megapixels by its header, stored under a fresh random name; the key goes into the mailing.
 */
export function mountMailingImages(app: Hono<AppEnv>, services: Services): void {
  app.post(createImage.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const icons = await services.iconRules.get();
      const { file } = await receiveFile(c, services, scratch, {
        path: createImage.path,
        data: createImageData,
        allowed: async (user) => accessAllowed(createImage.access, user, icons),
        file: { field: 'file', maxBytes: MAILING_IMAGE_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.imageSize },
      });
      const { kind } = await uploadedImage(file.path, ['png', 'jpeg', 'gif'], UPLOAD_MESSAGES.imageType);
      const key = safeKey('mailings', `${randomBytes(12).toString('hex')}.${kind === 'jpeg' ? 'jpg' : kind}`);
      await services.storage.putPath(key, file.path);
      return { imagePath: key };
    }),
  );
}
