import type { Context, Hono } from 'hono';
import { Readable } from 'node:stream';
import { STREAM_PATH } from '../../../src/shared/signing';
import type { AppEnv } from '../../contract/http-router';
import type { Services } from '../../services';
import { videoAccess } from '../../access/video-access';
import { playlistKey, segmentKey } from './media-store';
import { STREAM_MESSAGES, streamCaller } from './stream-auth';
import { SEGMENT_NAME, type Rendition } from './transcode';

/** Rewrites segment lines of a media playlist to stream addresses, so every byte goes through the checks. */
export function rewritePlaylist(text: string, videoId: number, rendition: Rendition): string {
  const low = rendition === 'low' ? 1 : 0;
  return text
    .split('\n')
    .map((line) => {
      const name = line.trim();
      if (!SEGMENT_NAME.test(name)) return line;
      return `v_link_new.php?video_id=${videoId}&low=${low}&segment=${name}`;
    })
    .join('\n');
}

function refuse(c: Context<AppEnv>, status: 400 | 401 | 403 | 404, message: string): Response {
  return c.json({ success: '0', message }, status, { 'cache-control': 'no-store' });
}

/** Inclusive byte range from a `Range: bytes=a-b` header, or null for the whole file / an unusable header. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * GET/HEAD /app/api/videos/v_link_new.php: ?video_id=N[&low=1] → the media playlist of that
 * rendition; &segment=seg_00001.ts → its bytes. Cookies first, then the course access rule, then
 * readiness; a refusal is a small JSON answer, never media. The desktop app (app://enot) reads it
 * cross-origin under the /app/api/* CORS rule of app.ts; its main process adds the cookies.
 */
export function mountVideoStream(app: Hono<AppEnv>, services: Services): void {
  const handler = async (c: Context<AppEnv>): Promise<Response> => {
    const now = services.clock.now();
    const { user } = c.get('caller')!;

    const idText = c.req.query('video_id') ?? '';
    if (!/^\d{1,9}$/.test(idText)) return refuse(c, 404, STREAM_MESSAGES.missing);
    const rendition: Rendition = c.req.query('low') === '1' ? 'low' : 'high';
    const segment = c.req.query('segment');
    if (segment !== undefined && !SEGMENT_NAME.test(segment)) return refuse(c, 400, STREAM_MESSAGES.badSegment);

    const access = await videoAccess(services.db, user, Number(idText), now);
    if (!access.allowed) return access.reason === 'missing' ? refuse(c, 404, STREAM_MESSAGES.missing) : refuse(c, 403, STREAM_MESSAGES.closed);
    const { media_status: status, media_key: mediaKey } = access.video;
    if (status !== 'ready' || mediaKey === '') return refuse(c, 404, STREAM_MESSAGES.notReady);

    if (segment === undefined) {
      const text = await services.storage.readBytes(playlistKey(mediaKey, rendition));
      if (!text) return refuse(c, 404, STREAM_MESSAGES.notReady);
      const body = rewritePlaylist(text.toString('utf8'), access.video.id, rendition);
      return c.body(body, 200, {
        'content-type': 'application/vnd.apple.mpegurl',
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
      });
    }
    const key = segmentKey(mediaKey, rendition, segment);
    const size = await services.storage.size(key);
    if (size === null) return refuse(c, 404, STREAM_MESSAGES.badSegment);
    const range = parseRange(c.req.header('range'), size);
    const headers: Record<string, string> = {
      'content-type': 'video/mp2t',
      'cache-control': 'private, max-age=600',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    };
    if (range === 'invalid') return c.body(null, 416, { ...headers, 'content-range': `bytes */${size}` });
    const part = range ?? { start: 0, end: size - 1 };
    headers['content-length'] = String(part.end - part.start + 1);
    if (range) headers['content-range'] = `bytes ${part.start}-${part.end}/${size}`;
    if (size === 0) return c.body(null, range ? 206 : 200, headers);
    const stream = Readable.toWeb(services.storage.readStream(key, part)) as ReadableStream<Uint8Array>;
    return c.body(stream, range ? 206 : 200, headers);
  };
  // Hono answers HEAD with this GET handler and drops the body.
  app.get(STREAM_PATH, streamCaller(services), handler);
}

/**
 * BENCH_ROUTES only (tests/bench/stream.ts): the same segment bytes as the stream, found the same
 * way (video row → media key → storage), but with no cookie or access check, as the baseline.
 */
export function mountStreamBench(app: Hono<AppEnv>, services: Services): void {
  app.get('/bench/segment', async (c) => {
    const id = Number(c.req.query('video_id'));
    const segment = c.req.query('segment') ?? '';
    if (!Number.isSafeInteger(id) || !SEGMENT_NAME.test(segment)) return refuse(c, 400, STREAM_MESSAGES.badSegment);
    const video = await services.db.selectFrom('videos').select(['media_key', 'media_status']).where('id', '=', id).executeTakeFirst();
    if (!video || video.media_status !== 'ready') return refuse(c, 404, STREAM_MESSAGES.notReady);
    const key = segmentKey(video.media_key, c.req.query('low') === '1' ? 'low' : 'high', segment);
    const size = await services.storage.size(key);
    if (size === null) return refuse(c, 404, STREAM_MESSAGES.badSegment);
    const stream = Readable.toWeb(services.storage.readStream(key)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, { 'content-type': 'video/mp2t', 'content-length': String(size), 'cache-control': 'private, max-age=600' });
  });
}
