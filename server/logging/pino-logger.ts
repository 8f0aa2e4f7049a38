import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { CallLogEntry, Logger, LogLevel, RequestLogEntry } from './types';

/**
 * Fields that must never reach a log line whatever a caller passes in: the session token, the
 * password, request signatures, provider secrets and cookies. Bodies are never logged at all.
 */
const REDACT = ['token', 'password', 'newPassword', 'signature', 'secret', 'sdkSecret', 'credential', 'authorization', 'cookie', 'apiKey']
  .flatMap((key) => [key, `*.${key}`]);

/** An error as its type, message, code and stack: not its enumerable fields (a failed request's headers). */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}), stack: error.stack };
}

/** pino-pretty when a person watches a terminal and it is installed (a dev dependency); JSON lines otherwise. */
function defaultDestination(): DestinationStream {
  if (process.stdout.isTTY) {
    try {
      const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
      return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
    } catch {
      // Installed without dev dependencies: plain JSON.
    }
  }
  return process.stdout;
}

/** The server's logger: one JSON object per line on stdout (or `destination`), at `level`. */
export function createPinoLogger(level: LogLevel, destination: DestinationStream = defaultDestination()): Logger & { pino: Pino } {
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: '[скрыто]' },
    },
    destination,
  );
  return {
    pino: logger,
    debug: (message) => logger.debug(message),
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message, error) => (error === undefined ? logger.error(message) : logger.error({ error: serializeError(error) }, message)),
    call: (entry: CallLogEntry) => logger.info({ ...entry }, 'call'),
    // A call's access line keeps the call line's shape (msg 'call', `method` = the contract path).
    request: ({ call, ...entry }: RequestLogEntry) => (call ? logger.info({ ...entry, ...call }, 'call') : logger.info(entry, 'request')),
    infoEnabled: () => logger.isLevelEnabled('info'),
  };
}
