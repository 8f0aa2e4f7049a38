import { timingSafeEqual } from 'node:crypto';
import { SIGNATURE_WINDOW_MS, STREAM_COOKIE_TTL_MS, streamCookieCanonical } from '../../../src/shared/signing';
import { currentUserFromRow, type CurrentUser } from '../../auth/current-user';
import { nodeHmacHex } from '../../auth/signature';
import { findActiveSession } from '../../auth/sessions';
import type { Db } from '../../db';

export const STREAM_MESSAGES = {
  signedOut: 'Сессия завершена. Войдите снова.',
  stale: 'Ссылка на видео устарела. Обновите страницу.',
  closed: 'Это видео вам пока недоступно.',
  missing: 'Видео не найдено.',
  notReady: 'Видео ещё обрабатывается. Попробуйте позже.',
  badSegment: 'Неверный адрес фрагмента видео.',
} as const;

export type StreamAuth = { ok: true; user: CurrentUser } | { ok: false; status: 401; message: string };

/**
 * The stream cookies: `signature` = HMAC(session token, stream path + {device, ts}); honoured for
 * 10 minutes after `ts` (every playlist and segment request reuses them, so there is no replay
 * cache), for a live session of a user who is not blocked.
 */
export async function verifyStreamCookies(db: Db, cookies: Record<string, string | undefined>, now: number): Promise<StreamAuth> {
  const refused = (message: string) => ({ ok: false, status: 401, message }) as const;
  const { device, ts, signature } = cookies;
  if (!device || !ts || !signature || device.length > 100 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(signature)) {
    return refused(STREAM_MESSAGES.signedOut);
  }
  const timestamp = Number(ts);
  const found = await findActiveSession(db, device, now);
  if (!found) return refused(STREAM_MESSAGES.signedOut);
  const expected = Buffer.from(nodeHmacHex(found.session.token, streamCookieCanonical(device, timestamp)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return refused(STREAM_MESSAGES.signedOut);
  // Older than the cookie lifetime, or from further in the future than the usual clock tolerance.
  if (now - timestamp > STREAM_COOKIE_TTL_MS || timestamp - now > SIGNATURE_WINDOW_MS) return refused(STREAM_MESSAGES.stale);
  const user = await currentUserFromRow(db, found.user, now);
  if (!user) return refused(STREAM_MESSAGES.signedOut);
  return { ok: true, user };
}
