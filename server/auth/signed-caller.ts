import { timingSafeEqual } from 'node:crypto';
import { SIGNATURE_WINDOW_MS, STREAM_COOKIE_TTL_MS } from '../../src/shared/signing';
import type { SessionRow } from '../db/schema';
import type { Services } from '../services';
import { currentUserFromRow, type CurrentUser } from './current-user';
import { findActiveSession } from './sessions';
import { nodeHmacHex, SIGNED_OUT_MESSAGE, verifySignature } from './signature';

/** A refused signed request: the HTTP status, the envelope code and the Russian message (serverTime for clock skew). */
export interface CallerRefusal {
  ok: false;
  status: 400 | 401;
  code: '0' | '-1';
  message: string;
  serverTime?: number;
}

export type SignedCallerCheck = { ok: true; user: CurrentUser; session: SessionRow } | CallerRefusal;

/**
 * The one check of a signed request, whatever carries it (a call's JSON body, a download's body,
 * an upload's `data` part, a socket's query): signature, window and replay cache
 * (auth/signature.ts), then the session's user, who must not be blocked. `recordReplay: false`
 * for calls that only read (the contract's `readOnly`): their signature is not written down.
 */
export async function checkSignedCaller(
  services: Pick<Services, 'db' | 'kv' | 'clock'>,
  path: string,
  payload: Record<string, unknown>,
  options: { recordReplay?: boolean } = {},
): Promise<SignedCallerCheck> {
  const now = services.clock.now();
  const check = await verifySignature({ db: services.db, kv: services.kv, now }, path, payload, options.recordReplay ?? true);
  if (!check.ok) {
    return check.code === '-1'
      ? { ok: false, status: 401, code: '-1', message: check.message }
      : { ok: false, status: 400, code: '0', message: check.message, ...(check.serverTime ? { serverTime: check.serverTime } : {}) };
  }
  const user = await currentUserFromRow(services.db, check.user, now);
  if (!user) return { ok: false, status: 401, code: '-1', message: SIGNED_OUT_MESSAGE };
  return { ok: true, user, session: check.session };
}

export type SignedAddressCheck = { ok: true; user: CurrentUser; session: SessionRow } | { ok: false; reason: 'signedOut' | 'stale' };

/**
 * The check of a signed address (the video stream's cookies, an editor's picture link): `device`,
 * `ts` and `signature` = HMAC(session token, `canonical(device, ts)`), honoured for
 * STREAM_COOKIE_TTL_MS after `ts` with no replay cache (a player reuses it for every segment),
 * for a live session of a user who is not blocked.
 */
export async function checkSignedAddress(
  services: Pick<Services, 'db' | 'clock'>,
  fields: { device?: string | undefined; ts?: string | undefined; signature?: string | undefined },
  canonical: (device: string, ts: number) => string,
): Promise<SignedAddressCheck> {
  const { device, ts, signature } = fields;
  if (!device || !ts || !signature || device.length > 100 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'signedOut' };
  const now = services.clock.now();
  const timestamp = Number(ts);
  const found = await findActiveSession(services.db, device, now);
  if (!found) return { ok: false, reason: 'signedOut' };
  const expected = Buffer.from(nodeHmacHex(found.session.token, canonical(device, timestamp)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signedOut' };
  // Older than the address's lifetime, or from further in the future than the usual clock tolerance.
  if (now - timestamp > STREAM_COOKIE_TTL_MS || timestamp - now > SIGNATURE_WINDOW_MS) return { ok: false, reason: 'stale' };
  const user = await currentUserFromRow(services.db, found.user, now);
  return user ? { ok: true, user, session: found.session } : { ok: false, reason: 'signedOut' };
}
