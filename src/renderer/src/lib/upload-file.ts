import { uploadPreview, uploadVideo } from '@shared/contract/video-media';
import { uploadFiles } from './upload';

/** Uploads of the video screens (back-office §7.3) through the shared multipart helper. */
export const UPLOAD_VIDEO_PATH = uploadVideo.path;
export const UPLOAD_PREVIEW_PATH = uploadPreview.path;

export const PREVIEW_TYPES = ['squared', 'rectangled'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;
const PREVIEW_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];

/** The client-side preview check of spec §5 (the server checks the bytes again). */
export function previewProblem(file: File): 'type' | 'size' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!PREVIEW_EXTENSIONS.includes(extension)) return 'type';
  if (file.size > PREVIEW_MAX_BYTES) return 'size';
  return null;
}

export { UploadError } from './upload';

/** One file in the `file` field. */
export function uploadFile(path: string, input: Record<string, unknown>, file: File, onProgress?: (percent: number) => void): Promise<Record<string, unknown>> {
  return uploadFiles(path, input, [{ field: 'file', file }], onProgress);
}
