import { randomUUID } from 'node:crypto';

/** Safe to echo and to log: short, no spaces, quotes or control characters. */
const SAFE = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's X-Request-Id when it is short and plain (a proxy's id ties its log to ours), else a new one. */
export function requestIdFrom(header: string | undefined | null): string {
  return header && SAFE.test(header) ? header : randomUUID();
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
