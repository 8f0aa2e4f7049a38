import type { UploadContract } from '@shared/contract/core';
import { createTimestampSource, signPayload } from '@shared/signing';
import { apiBaseUrl } from '../../lib/api';
import { messageForPeople } from '../../lib/server-message';
import { readSession } from '../../lib/session';
import { isRecord } from '@shared/guards';

const nextTs = createTimestampSource();

/**
 * A multipart upload (core.ts `upload()`): `data` is the JSON payload signed for the path and goes
 * first, so the server can refuse a stranger before reading the file. Resolves with the answer's
 * fields; rejects with the server's Russian message.
 */
export async function uploadFile(contract: UploadContract, data: Record<string, unknown>, file: File): Promise<Record<string, unknown>> {
  const session = readSession();
  if (!session) throw new Error('Сессия завершена, войдите снова');
  const form = new FormData();
  form.append('data', JSON.stringify(await signPayload(contract.path, data, session, nextTs())));
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(apiBaseUrl() + contract.path, { method: 'POST', body: form });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!isRecord(body)) throw new Error(`HTTP ${response.status}`);
  // A field failure names the field for API clients; the person gets the reason only.
  if (body.success !== '1') throw new Error(body.message ? messageForPeople(String(body.message)) : `HTTP ${response.status}`);
  return body;
}
