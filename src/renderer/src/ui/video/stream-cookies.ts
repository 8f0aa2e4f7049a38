import { signStreamCookies, STREAM_PATH } from '@shared/signing';
import { apiBaseUrl } from '../../lib/api';
import { desktopApi } from '../../lib/platform';
import { readSession } from '../../lib/session';

/**
 * The HLS stream is authorised by three cookies, `device`, `ts` and `signature` =
 * HMAC(session token, stream path + {device, ts}) (src/shared/signing.ts `signStreamCookies`).
 * The server honours one set for 10 minutes; while any player is mounted they are rewritten every
 * 4 minutes, so a long lesson never runs on stale cookies. The token itself never leaves the client.
 *
 * Browser: the page and the stream share the origin; cookies are scoped to Path=/app/api/videos/
 * with SameSite=Strict, so no other request carries them and a copied link without them gets
 * nothing.
 *
 * Desktop: the renderer runs on app://enot and the stream is on the configured server, so
 * document.cookie here would never reach it (and a cross-site cookie would need SameSite=None over
 * HTTPS). There the values go to main by IPC (`window.desktop.setStreamCookies`), and main adds
 * them as the Cookie header of stream requests to that server only (src/main/media/stream-cookies.ts).
 */

export const STREAM_COOKIE_REFRESH_MS = 4 * 60 * 1000;
/** Matches the server's 10-minute acceptance window (STREAM_COOKIE_TTL_MS). */
const COOKIE_MAX_AGE_S = 10 * 60;
const COOKIE_PATH = '/app/api/videos/';
const COOKIE_NAMES = ['device', 'ts', 'signature'] as const;

function setCookie(name: string, value: string, maxAge: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; SameSite=Strict${secure}`;
}

/** True when the stream is served from this page's origin (the browser build). */
function sameOrigin(): boolean {
  return apiBaseUrl() === '' || apiBaseUrl() === location.origin;
}

/** Signs and writes fresh stream cookies for the stored session; false when there is none (or no way to set them). */
export async function writeStreamCookies(now: number = Date.now()): Promise<boolean> {
  const session = readSession();
  if (!session) return false;
  const values = await signStreamCookies(session, now);
  const desktop = desktopApi();
  if (desktop) {
    await desktop.setStreamCookies(values);
    return true;
  }
  if (!sameOrigin()) return false;
  for (const name of COOKIE_NAMES) setCookie(name, values[name], COOKIE_MAX_AGE_S);
  return true;
}

export function clearStreamCookies(): void {
  // Desktop: main keeps the last values; the server stops honouring them 10 minutes after `ts`.
  if (desktopApi() || !sameOrigin()) return;
  for (const name of COOKIE_NAMES) setCookie(name, '', 0);
}

let holders = 0;
let timer: ReturnType<typeof setInterval> | undefined;
let current: Promise<boolean> = Promise.resolve(false);
let writtenAt = 0;

function refresh(): Promise<boolean> {
  writtenAt = Date.now();
  current = writeStreamCookies(writtenAt);
  return current;
}

/**
 * Keeps the cookies fresh while at least one player holds a lease. `ready` resolves once cookies
 * are written (true) or cannot be (false); `release` is idempotent.
 */
export function retainStreamCookies(): { ready: Promise<boolean>; release(): void } {
  holders += 1;
  if (holders === 1) {
    timer = setInterval(() => void refresh(), STREAM_COOKIE_REFRESH_MS);
  }
  // A first player, or a retry after the timer slept with the laptop: sign anew.
  if (holders === 1 || Date.now() - writtenAt >= STREAM_COOKIE_REFRESH_MS) void refresh();
  let released = false;
  return {
    ready: current,
    release() {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders === 0) {
        clearInterval(timer);
        timer = undefined;
        clearStreamCookies();
      }
    },
  };
}

/** The stream address of a video's playlist in one quality. */
export function streamUrl(videoId: number, quality: 'high' | 'low'): string {
  return `${apiBaseUrl()}${STREAM_PATH}?video_id=${videoId}${quality === 'low' ? '&low=1' : ''}`;
}
