import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalForm, SIGNATURE_WINDOW_MS } from '../../src/shared/signing';
import { jsonLimitMessage } from '../contract/bounded-json';
import type { Db } from '../db';
import type { SessionRow, UserRow } from '../db/schema';
import type { KeyValueStore } from '../kv';
import { findActiveSession } from './sessions';

/** Node's HMAC-SHA256 (synchronous and faster than WebCrypto); same bytes as src/shared/signing. */
export const nodeHmacHex = (key: string, message: string): string => createHmac('sha256', key).update(message).digest('hex');

export type SignatureCheck =
  | { ok: true; session: SessionRow; user: UserRow }
  /** '-1': no valid session behind this request; the client signs out. */
  | { ok: false; code: '-1'; message: string }
  /** '0': the session is fine but this request is not (clock skew, replay); the client may retry. */
  | { ok: false; code: '0'; message: string; serverTime?: number };

export const SIGNED_OUT_MESSAGE = 'Сессия завершена. Войдите снова.';

/**
 * Checks a signed payload for `path`: session of `device`, HMAC over the canonical form,
 * `ts` within ±5 minutes, and no signature seen twice within the window. With `recordReplay`
 * false (a read-only call) the signature is not written to the replay cache: a replay of it
 * inside the window is answered like the original, and a read changes nothing.
 */
export async function verifySignature(
  deps: { db: Db; kv: KeyValueStore; now: number },
  path: string,
  payload: Record<string, unknown>,
  recordReplay = true,
): Promise<SignatureCheck> {
  // Any payload may arrive here (uploads pass their `data` part): bound it before the canonical
  // form walks it. '0', not '-1': the session is fine, this request is not.
  const tooComplex = jsonLimitMessage(payload);
  if (tooComplex) return { ok: false, code: '0', message: tooComplex };
  const { device, ts, signature } = payload;
  if (typeof device !== 'string' || typeof signature !== 'string' || device === '' || !/^[0-9a-f]{64}$/.test(signature)) {
    return { ok: false, code: '-1', message: SIGNED_OUT_MESSAGE };
  }
  const timestamp = typeof ts === 'number' ? ts : typeof ts === 'string' && /^\d{1,16}$/.test(ts) ? Number(ts) : NaN;
  if (!Number.isSafeInteger(timestamp)) return { ok: false, code: '-1', message: SIGNED_OUT_MESSAGE };

  const found = await findActiveSession(deps.db, device.slice(0, 100), deps.now);
  if (!found) return { ok: false, code: '-1', message: SIGNED_OUT_MESSAGE };
  const { session, user } = found;

  const expected = Buffer.from(nodeHmacHex(session.token, canonicalForm(path, payload)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { ok: false, code: '-1', message: SIGNED_OUT_MESSAGE };
  }
  if (Math.abs(deps.now - timestamp) > SIGNATURE_WINDOW_MS) {
    return {
      ok: false,
      code: '0',
      message: 'Время на устройстве отличается от времени сервера больше чем на 5 минут. Проверьте часы и повторите.',
      serverTime: deps.now,
    };
  }
  // Two windows wide: a signature stays refused for as long as its ts could still pass the check.
  if (recordReplay && !(await deps.kv.setIfAbsent(`sig:${signature}`, 2 * SIGNATURE_WINDOW_MS))) {
    return { ok: false, code: '0', message: 'Повторный запрос отклонён. Повторите действие.' };
  }
  return { ok: true, session, user };
}
