/** A signed request that carries a few fields (downloads, exports): far more than they ever need. */
export const SIGNED_REQUEST_MAX_BYTES = 64 * 1024;

/**
 * Reads a request body as text, at most `maxBytes`: the declared length is checked first, and a
 * chunked body (no length) is counted while it streams and cut off at the limit, so nobody can
 * make the process hold a gigabyte before it is refused. Null when the body is over the limit.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  const length = request.headers.get('content-length');
  if (length !== null) {
    if (!(Number(length) <= maxBytes)) return null;
    // Node's parser ends the body at the declared length, so reading it whole is bounded; and the
    // adapter reads it straight from the socket, without building a web stream per request (that cost
    // a fifth of the server's CPU per call under load).
    try {
      return await request.text();
    } catch {
      return null;
    }
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } catch {
    // The client went away mid-body: nothing to answer to, and nothing kept.
    return null;
  }
  return Buffer.concat(chunks).toString('utf8');
}
