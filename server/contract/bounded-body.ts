/** A signed request that carries a few fields (downloads, exports): far more than they ever need. */
export const SIGNED_REQUEST_MAX_BYTES = 64 * 1024;

/** Thrown by readBodyText when the body did not arrive within its deadline (answered 408, connection closed). */
export class SlowBody extends Error {
  constructor() {
    super('request body too slow');
  }
}

/** Resolves with `reading`, or rejects with SlowBody once `deadlineMs` passed (and cancels the read). */
function withDeadline<T>(reading: Promise<T>, deadlineMs: number | undefined, cancel: () => void): Promise<T> {
  if (deadlineMs === undefined) return reading;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cancel();
      reject(new SlowBody());
    }, deadlineMs);
  });
  return Promise.race([reading, expired]).finally(() => clearTimeout(timer));
}

/**
 * Reads a request body as text, at most `maxBytes`: the declared length is checked first, and a
 * chunked body (no length) is counted while it streams and cut off at the limit, so nobody can
 * make the process hold a gigabyte before it is refused. Null when the body is over the limit.
 * With `deadlineMs`, a body that trickles in slower than that throws SlowBody: a client that
 * sends its headers and then a byte a minute holds no connection for the hour-long request deadline.
 */
export async function readBodyText(request: Request, maxBytes: number, deadlineMs?: number): Promise<string | null> {
  const length = request.headers.get('content-length');
  if (length !== null) {
    if (!(Number(length) <= maxBytes)) return null;
    // Node's parser ends the body at the declared length, so reading it whole is bounded; and the
    // adapter reads it straight from the socket, without building a web stream per request (that cost
    // a fifth of the server's CPU per call under load).
    const reading = request.text().catch((): null => null);
    return withDeadline(reading, deadlineMs, () => undefined);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const read = async (): Promise<string | null> => {
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
      // The client went away mid-body (or the deadline cancelled it): nothing to answer to, and nothing kept.
      return null;
    }
    return Buffer.concat(chunks).toString('utf8');
  };
  return withDeadline(read(), deadlineMs, () => void reader.cancel().catch(() => undefined));
}
