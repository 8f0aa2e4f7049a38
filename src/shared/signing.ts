/**
 * Request signing shared by the server, the renderer and the tests.
 *
 * canonical = path + "\n" + stableJson(payload without "signature")
 * signature = hex(HMAC-SHA256(token, canonical))
 *
 * The session token never travels after sign-in: every call carries only
 * `device`, `ts` (ms) and `signature`.
 */

import { JSON_LIMITS } from './json-limits';

/** Fields every signed payload carries besides its own input. */
export interface SignedFields {
  device: string;
  ts: number;
  signature: string;
}

/** How far a signed `ts` may be from the server clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/** JSON with object keys sorted recursively and no spaces, so both sides hash the same bytes. */
export function stableJson(value: unknown): string {
  return stableJsonAt(value, 1);
}

/**
 * One level of `stableJson`. The recursion stops at JSON_LIMITS.maxDepth, so a hostile payload
 * nested 100,000 levels throws a plain error here instead of overflowing the stack (the server
 * refuses such input before signing anyway; see json-limits.ts).
 */
function stableJsonAt(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    // JSON.stringify(undefined) is undefined; signed payloads never hold it at the top level.
    return text === undefined ? 'null' : text;
  }
  if (depth > JSON_LIMITS.maxDepth) throw new RangeError(`stableJson: nested deeper than ${JSON_LIMITS.maxDepth} levels`);
  if (Array.isArray(value)) {
    return '[' + value.map((item) => (item === undefined ? 'null' : stableJsonAt(item, depth + 1))).join(',') + ']';
  }
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return '{' + entries.map(([key, item]) => JSON.stringify(key) + ':' + stableJsonAt(item, depth + 1)).join(',') + '}';
}

/** The exact text that gets signed for a call to `path` with `payload`. */
export function canonicalForm(path: string, payload: Record<string, unknown>): string {
  const { signature: _ignored, ...rest } = payload;
  return path + '\n' + stableJson(rest);
}

/** An HMAC-SHA256 implementation returning lowercase hex; the server injects Node's, browsers use WebCrypto. */
export type HmacHex = (key: string, message: string) => string | Promise<string>;

const encoder = new TextEncoder();

/** HMAC-SHA256 through WebCrypto (browser, Electron renderer, Node ≥ 20). */
export const webCryptoHmacHex: HmacHex = async (key, message) => {
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** Signature of `payload` (which must already hold `device` and `ts`) for `path`. */
export async function computeSignature(
  path: string,
  payload: Record<string, unknown>,
  token: string,
  hmac: HmacHex = webCryptoHmacHex,
): Promise<string> {
  return hmac(token, canonicalForm(path, payload));
}

/**
 * Strictly increasing millisecond timestamps for one device: two identical calls in the same
 * millisecond would otherwise carry the same signature and the second would be refused as a replay.
 */
export function createTimestampSource(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return last;
  };
}

/** Adds `device`, `ts` and `signature` to an input payload. */
export async function signPayload<T extends Record<string, unknown>>(
  path: string,
  input: T,
  session: { token: string; device: string },
  ts: number,
  hmac: HmacHex = webCryptoHmacHex,
): Promise<T & SignedFields> {
  const unsigned = { ...input, device: session.device, ts };
  const signature = await computeSignature(path, unsigned, session.token, hmac);
  return { ...unsigned, signature };
}

/** Query string values that authorise a websocket: `{device, ts}` signed for the socket path. */
export async function signSocketQuery(
  path: string,
  session: { token: string; device: string },
  ts: number,
  hmac: HmacHex = webCryptoHmacHex,
): Promise<SignedFields> {
  return signPayload(path, {}, session, ts, hmac);
}

/** The HLS stream (playlists and segments); authorised by the cookies below, never by a query. */
export const STREAM_PATH = '/app/api/videos/v_link_new.php';

/** How long one set of stream cookies is honoured after its `ts` (every segment reuses them). */
export const STREAM_COOKIE_TTL_MS = 10 * 60 * 1000;

/** The text the stream cookies sign: the stream path and `{device, ts}`, like a signed call. */
export function streamCookieCanonical(device: string, ts: number): string {
  return canonicalForm(STREAM_PATH, { device, ts });
}

/** Values of the `device`, `ts` and `signature` stream cookies for a session. */
export async function signStreamCookies(
  session: { token: string; device: string },
  ts: number,
  hmac: HmacHex = webCryptoHmacHex,
): Promise<{ device: string; ts: string; signature: string }> {
  const signature = await hmac(session.token, streamCookieCanonical(session.device, ts));
  return { device: session.device, ts: String(ts), signature };
}

/**
 * The text an editor's part 2 image address signs: the image route and `{device, ts}`. Bound to
 * that route, so a copied address opens unpublished question pictures and nothing else.
 */
export function p2ImageCanonical(device: string, ts: number): string {
  return canonicalForm('/questions2/', { device, ts });
}

/** Query values that let an editor's <img> load pictures of unpublished part 2 questions (10 minutes). */
export async function signP2ImageQuery(session: { token: string; device: string }, ts: number, hmac: HmacHex = webCryptoHmacHex): Promise<string> {
  const signature = await hmac(session.token, p2ImageCanonical(session.device, ts));
  return `device=${encodeURIComponent(session.device)}&ts=${ts}&signature=${signature}`;
}
