/**
 * A fresh operation id for a change the client may send more than once: kept
 * with the queued change and sent with every try, so the server applies it once and answers a
 * resend «уже применено». 128 random bits as hex; getRandomValues works on plain http too, where
 * crypto.randomUUID does not (a school server on its own network).
 */
export function newOpId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
