import { UPLOAD_MESSAGES } from './messages';
import { fileHead, inspectImage, type ImageKind } from './image-header';
import { refused } from './refusal';

/**
 * An uploaded picture's kind and size, read from its header only; refused (400) when it is not one
 * of `allowed`, its header cannot be read, or it is larger than the pixel limits.
 */
export async function uploadedImage<K extends ImageKind>(path: string, allowed: readonly K[], typeMessage: string): Promise<{ kind: K; width: number; height: number }> {
  const inspection = inspectImage(await fileHead(path), allowed);
  if (!inspection.ok) {
    throw refused(400, inspection.reason === 'type' ? typeMessage : inspection.reason === 'broken' ? UPLOAD_MESSAGES.imageBroken : UPLOAD_MESSAGES.imagePixels);
  }
  return { kind: inspection.kind, width: inspection.width, height: inspection.height };
}
