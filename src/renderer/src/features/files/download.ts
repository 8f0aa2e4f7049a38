import { FILE_DOWNLOAD_PATH } from '@shared/contract/files';
import { createTimestampSource, signPayload } from '@shared/signing';
import { apiBaseUrl } from '../../lib/api';
import { readSession } from '../../lib/session';
import { fieldOf } from '@shared/guards';

const nextTs = createTimestampSource();

/** Downloads a library file with a signed call (downloads need a session) and saves it. */
export async function downloadLibraryFile(fileName: string): Promise<void> {
  const session = readSession();
  if (!session) throw new Error('нет входа в систему');
  const body = await signPayload(FILE_DOWNLOAD_PATH, { fileName }, session, nextTs());
  const response = await fetch(apiBaseUrl() + FILE_DOWNLOAD_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) {
    const message = fieldOf(await response.json().catch(() => null), 'message');
    throw new Error((typeof message === 'string' && message) || `HTTP ${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
