import type { Logger, LogLevel } from './logging/types';
import { describeCall, describeRequest } from './logging/call-log';
import { createPinoLogger } from './logging/pino-logger';

export type { Logger, LogLevel };

/**
 * Logs: JSON lines from pino on stdout (server/logging/); LOG_LEVEL=silent for tests. No
 * request bodies or tokens are ever logged.
 */

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };


/** pino on stdout; with `write`, plain text lines `time LEVEL message` (tests read those). */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  if (!write) return createPinoLogger(level);
  const at = ORDER[level];
  const emit = (lineLevel: LogLevel, message: string) => {
    if (ORDER[lineLevel] >= at) write(`${new Date().toISOString()} ${lineLevel.toUpperCase()} ${message}`);
  };
  return {
    debug: (message) => emit('debug', message),
    info: (message) => emit('info', message),
    warn: (message) => emit('warn', message),
    error: (message, error) =>
      emit('error', error instanceof Error ? `${message}: ${error.stack ?? error.message}` : message),
    call: (entry) => emit('info', describeCall(entry)),
    request: (entry) => emit('info', describeRequest(entry)),
    infoEnabled: () => ORDER.info >= at,
  };
}

/** The current time, injectable so tests control it (renewals, demo expiry, signature windows). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
