import type { StreamCookieValues } from '../../shared/desktop-api';
import { STREAM_PATH } from '../../shared/signing';

/** The part of Electron's `session.webRequest` used here, so tests run without Electron. */
export interface WebRequestLike {
  onBeforeSendHeaders(
    filter: { urls: string[] },
    listener: (details: { url: string; requestHeaders: Record<string, string> }, callback: (response: { requestHeaders: Record<string, string> }) => void) => void,
  ): void;
}

/**
 * Desktop side of the stream cookies. The renderer (app://enot) signs them as in the browser and
 * hands them over by IPC; main adds them as the Cookie header of requests to the configured
 * server's stream path, and nothing else. Page cookies would belong to app://enot and never
 * reach the server; a cross-site cookie jar entry would need SameSite=None over HTTPS.
 */
export function createStreamCookieHeader(serverUrl: () => string) {
  let values: StreamCookieValues | null = null;
  return {
    set(next: StreamCookieValues): void {
      values = next;
    },
    install(webRequest: WebRequestLike): void {
      webRequest.onBeforeSendHeaders({ urls: [`*://*${STREAM_PATH}*`] }, (details, callback) => {
        const headers = { ...details.requestHeaders };
        try {
          const target = new URL(details.url);
          if (values && target.origin === new URL(serverUrl()).origin && target.pathname === STREAM_PATH) {
            headers.Cookie = `device=${values.device}; ts=${values.ts}; signature=${values.signature}`;
          }
        } catch {
          // An unparsable URL gets no cookies.
        }
        callback({ requestHeaders: headers });
      });
    },
  };
}
