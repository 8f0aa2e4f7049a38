import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/** The transport encodings this server sends, best first: brotli is ~15% smaller than gzip on our scripts. */
export type Encoding = 'br' | 'gzip';
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

/** File suffix of a precompressed copy (written at build time by tooling/precompress.ts). */
export const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The best encoding among `available` that the request's Accept-Encoding allows (q > 0, directly or
 * through `*`), brotli before gzip at equal weight; null for identity. A missing header means identity.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: readonly Encoding[] = PREFERENCE): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((item) => item.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue;
    const explicit = accepts.find((item) => item.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/** Answers smaller than this go out as they are: the saving would not pay for the work and the header. */
export const COMPRESS_THRESHOLD = 1024;
/** Only our own page and JSON answers: files, images, video, HLS and downloads keep their bytes. */
const COMPRESSIBLE = /^\s*(?:application\/json|text\/html)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Quality 5: most of brotli's gain at a small part of its top level's CPU, for per-answer work. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Compresses HTML and JSON answers of at least 1 KB for a client that accepts br or gzip (the work runs
 * on libuv's pool, off the event loop). Only the transport changes: a signed call's signature covers
 * the request body and the answer's JSON text, which the client sees decoded. A client that accepts no
 * encoding (wrk, most apps) pays one header look-up: its answer is not touched, so the adapter keeps
 * writing prepared bodies in one go. Streams, ranges, downloads (Content-Disposition) and answers
 * already encoded (precompressed assets) pass through.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    await next();
    if (!encoding || c.req.method === 'HEAD') return;
    const res = c.res;
    const { headers } = res;
    if (
      !res.body ||
      res.status === 206 ||
      res.status === 204 ||
      headers.has('content-encoding') ||
      headers.has('content-disposition') ||
      !COMPRESSIBLE.test(headers.get('content-type') ?? '') ||
      NO_TRANSFORM.test(headers.get('cache-control') ?? '')
    ) {
      return;
    }
    const declared = headers.get('content-length');
    if (declared !== null && Number(declared) < COMPRESS_THRESHOLD) return;
    const plain = Buffer.from(await res.arrayBuffer());
    const vary = headers.get('vary');
    const outHeaders = new Headers(headers);
    if (!vary || !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) outHeaders.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    let body: Buffer = plain;
    if (plain.length >= COMPRESS_THRESHOLD) {
      body = encoding === 'br' ? await brotli(plain, BROTLI_OPTIONS) : await gzipAsync(plain);
      outHeaders.set('content-encoding', encoding);
      const etag = outHeaders.get('etag');
      if (etag && !etag.startsWith('W/')) outHeaders.set('etag', `W/${etag}`);
    }
    outHeaders.set('content-length', String(body.length));
    // Cleared first: assigning over a response copies the old headers (its length) onto the new one.
    c.res = undefined;
    c.res = new Response(new Uint8Array(body), { status: res.status, statusText: res.statusText, headers: outHeaders });
  };
}
