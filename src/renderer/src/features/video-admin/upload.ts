import { uploadPreview, uploadVideo } from '@shared/contract/video-media';
import { createTimestampSource, signPayload } from '@shared/signing';
import { apiBaseUrl } from '../../lib/api';
import { readSession } from '../../lib/session';

/**
 * Multipart uploads of the video screens (back-office §7.3): `data` (the input signed like a call
 * for the upload's path) goes first so the server can refuse a stranger before the file, then `file`.
 * XMLHttpRequest, not fetch: only it reports upload progress.
 */
export const UPLOAD_VIDEO_PATH = uploadVideo.path;
export const UPLOAD_PREVIEW_PATH = uploadPreview.path;

export const PREVIEW_TYPES = ['squared', 'rectangled'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;
const PREVIEW_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];

const nextTs = createTimestampSource();

/** The client-side preview check of spec §5 (the server checks the bytes again). */
export function previewProblem(file: File): 'type' | 'size' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!PREVIEW_EXTENSIONS.includes(extension)) return 'type';
  if (file.size > PREVIEW_MAX_BYTES) return 'size';
  return null;
}

export class UploadError extends Error {}

export async function uploadFile(
  path: string,
  input: Record<string, unknown>,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<Record<string, unknown>> {
  const session = readSession();
  if (!session) throw new UploadError('нет входа в систему');
  const data = await signPayload(path, input, session, nextTs());
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiBaseUrl() + path);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new UploadError('сеть недоступна'));
    request.onload = () => {
      const body = (request.response ?? {}) as Record<string, unknown>;
      if (body.success === '1') resolve(body);
      else reject(new UploadError(typeof body.message === 'string' && body.message ? body.message : `HTTP ${request.status}`));
    };
    request.send(form);
  });
}
