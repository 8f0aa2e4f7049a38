import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { safeKey, type StorageProvider } from '../../providers/storage';
import { resourceDir } from '../../resources';
import type { ImageSink } from './package/import';

/**
 * Where lesson pictures live. Served at /app/images/lessons/<file> (course/images.ts): a picture
 * brought by a package or uploaded is in storage under course-images/<file>; the demo course's
 * pictures ship with the server in its package folder (resources/course/demo/images).
 */
export const LESSON_IMAGE_URL = '/app/images/lessons/';
export const SHIPPED_LESSON_IMAGES = resourceDir('course', 'demo', 'images');
export const lessonImageKey = (file: string): string => safeKey('course-images', file);

/** A name served by /app/images/lessons: no path, a picture extension. */
export const SERVED_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(svg|png|jpe?g|webp)$/i;

/** The file name behind a lesson's image_path, when it is one of ours. */
export function servedImageName(imagePath: string): string | null {
  if (!imagePath.startsWith(LESSON_IMAGE_URL)) return null;
  const file = imagePath.slice(LESSON_IMAGE_URL.length);
  return SERVED_IMAGE_NAME.test(file) ? file : null;
}

/** The bytes of a served lesson picture: storage first, then the shipped demo pictures. */
export async function readLessonImage(storage: StorageProvider, file: string): Promise<Buffer | null> {
  const stored = await storage.readBytes(lessonImageKey(file));
  if (stored) return stored;
  return readFile(SHIPPED_LESSON_IMAGES + file).catch(() => null);
}

/**
 * Pictures of an imported package go to storage under a name carrying their content hash, so an
 * import never overwrites a picture the current course shows (a refused import leaves only unused files).
 */
export function storageImageSink(storage: StorageProvider): ImageSink {
  return {
    async save(fileName, bytes) {
      const file = `${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}-${fileName}`;
      await storage.putBytes(lessonImageKey(file), bytes);
      return LESSON_IMAGE_URL + file;
    },
  };
}

/**
 * The demo course imports from its shipped folder, whose pictures are already served: the lesson
 * points at them by name. A picture that differs from the shipped one is refused (it would not show).
 */
export const shippedImageSink: ImageSink = {
  async save(fileName, bytes) {
    const shipped = await readFile(SHIPPED_LESSON_IMAGES + fileName).catch(() => null);
    if (!shipped || !shipped.equals(bytes)) throw new Error(`Картинки ${fileName} нет среди картинок демо-курса`);
    return LESSON_IMAGE_URL + fileName;
  },
};
