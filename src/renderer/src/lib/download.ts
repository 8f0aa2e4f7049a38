import { createTimestampSource, signPayload } from '@shared/signing';
import { fieldOf } from '@shared/guards';
import { apiBaseUrl } from './api';
import { messageForPeople } from './server-message';
import { readSession } from './session';

const nextTs = createTimestampSource();

/**
 * A signed POST download (downloads need a session: the library's files, course packages): the
 * answer is saved as `fileName`; a refusal throws the server's message for people.
 */
export async function downloadSigned(path: string, input: Record<string, unknown>, fileName: string): Promise<void> {
  const session = readSession();
  if (!session) throw new Error('нет входа в систему');
  const body = await signPayload(path, input, session, nextTs());
  const response = await fetch(apiBaseUrl() + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) {
    const message = fieldOf(await response.json().catch(() => null), 'message');
    throw new Error((typeof message === 'string' && message && messageForPeople(message)) || `Сервер не отдал файл (ошибка ${response.status})`);
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
