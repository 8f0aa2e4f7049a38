import { createTimestampSource, signPayload } from '@shared/signing';
import { apiBaseUrl } from './api';
import { messageForPeople } from './server-message';
import { readSession } from './session';
import { isRecord } from '@shared/guards';

/**
 * Multipart uploads of the back office (back-office §7.3): `data` (the input signed like a call
 * for the upload's path) goes first so the server can refuse a stranger before the files, then the
 * files. XMLHttpRequest, not fetch: only it reports upload progress.
 */

const nextTs = createTimestampSource();

export class UploadError extends Error {}

export async function uploadFiles(
  path: string,
  input: Record<string, unknown>,
  files: ReadonlyArray<{ field: string; file: File }>,
  onProgress?: (percent: number) => void,
): Promise<Record<string, unknown>> {
  const session = readSession();
  if (!session) throw new UploadError('нет входа в систему');
  const data = await signPayload(path, input, session, nextTs());
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const { field, file } of files) form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiBaseUrl() + path);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new UploadError('сеть недоступна'));
    request.onload = () => {
      const response: unknown = request.response;
      const body: Record<string, unknown> = isRecord(response) ? response : {};
      if (body.success === '1') resolve(body);
      else reject(new UploadError(typeof body.message === 'string' && body.message ? messageForPeople(body.message) : `HTTP ${request.status}`));
    };
    request.send(form);
  });
}
