import { exportChunksXlsx, type ChunkFilter } from '@shared/contract/knowledge';
import { createTimestampSource, signPayload } from '@shared/signing';
import { apiBaseUrl } from '../../lib/api';
import { readSession } from '../../lib/session';
import { ruKnowledge } from '../../i18n/knowledge';
import { fieldOf } from '@shared/guards';

const nextTs = createTimestampSource();

/** POSTs the signed body and saves the answer as file.xlsx (back-office §7.3); rejects with a Russian reason. */
export async function downloadChunksXlsx(filter90Plus: ChunkFilter): Promise<void> {
  const session = readSession();
  if (!session) throw new Error('Сессия завершена, войдите снова');
  const body = JSON.stringify(await signPayload(exportChunksXlsx.path, { filter90Plus }, session, nextTs()));
  const response = await fetch(apiBaseUrl() + exportChunksXlsx.path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  if (!response.ok) {
    const message = fieldOf(await response.json().catch(() => null), 'message');
    throw new Error((typeof message === 'string' && message) || `HTTP ${response.status}`);
  }
  const blob = await response.blob();
  if (blob.size === 0) throw new Error(ruKnowledge.admin.emptyFile);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'file.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
