/**
 * Content-Security-Policy of the app:// pages: scripts only from the app itself, network only
 * to the configured server (its http(s) origin and the matching ws(s) for the live sockets).
 */
export function buildContentSecurityPolicy(serverUrl: string, extraOrigins: string[] = []): string {
  const server = new URL(serverUrl);
  const socket = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}`;
  const sources = [server.origin, ...extraOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Widgets (charts, video player) set inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${sources}`,
    // hls.js plays segments through MediaSource blob: URLs and may start a blob: worker.
    `media-src 'self' blob: ${sources}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${sources} ${socket}`,
    `frame-src 'self' ${sources}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
