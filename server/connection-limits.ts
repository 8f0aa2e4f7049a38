import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { Config } from './config';
import type { Logger } from './log';

/** The cap when the open-files limit cannot be read or is high (systemd unit: LimitNOFILE=65536). */
const DEFAULT_MAX_CONNECTIONS = 10_000;
/** Of the open-files limit, the share sockets may take: the rest is for the database, stored files, ffmpeg and logs. */
const SOCKET_SHARE = 0.8;
/** At most one "connections refused" line per this interval, however many are refused. */
const DROP_LOG_INTERVAL_MS = 60_000;

/** The soft open-files limit of this process (Linux /proc), or null elsewhere. */
export function openFilesLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(text);
  if (!match || match[1] === 'unlimited') return null;
  return Number(match[1]);
}

/**
 * MAX_CONNECTIONS, or by default 10 000 capped at 80 % of the open-files limit: past the limit
 * every accept fails and no visitor gets in, below the cap only the extra connection is refused.
 */
export function connectionCap(configured: number | undefined, openFiles = openFilesLimit()): number {
  if (configured !== undefined) return configured;
  if (openFiles === null) return DEFAULT_MAX_CONNECTIONS;
  return Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS, Math.floor(openFiles * SOCKET_SHARE)));
}

/** Header and request deadlines for `http.createServer` (the request deadline covers the body, i.e. the largest video upload). */
export function httpServerOptions(config: Pick<Config, 'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>): ServerOptions {
  return {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // Expired header/request deadlines are looked for every second (Node's default is 30 s).
    connectionsCheckingInterval: 1_000,
  };
}

/** Caps open connections; refused ones are logged as one warning per minute, not one per connection. */
export function capConnections(server: Server, cap: number, log: Logger): void {
  server.maxConnections = cap;
  let lastLogged = -Infinity;
  let refusedSince = 0;
  server.on('drop', () => {
    refusedSince += 1;
    const now = Date.now();
    if (now - lastLogged < DROP_LOG_INTERVAL_MS) return;
    log.warn(`Соединение отклонено: открыто ${cap} соединений, больше не принимается (MAX_CONNECTIONS); отклонено с прошлой записи: ${refusedSince}`);
    lastLogged = now;
    refusedSince = 0;
  });
}
