/** The logger's shape, apart from its implementations so log.ts and logging/ import no cycle. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** One line per call, HTTP or live socket: what an operator searches by (never the body). */
export interface CallLogEntry {
  transport: 'http' | 'live';
  method: string;
  /** null: before the caller is known, or a call marked anonymous (feedback). */
  userId: number | null;
  durationMs: number;
  /** ok | fail | denied | invalid | unauth | error | unavailable */
  outcome: string;
  status: number;
  /** The envelope's success code ('1', '0', '-1', …). */
  code: string;
  requestId: string;
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** One structured line per call (logging/call-log.ts); loggers without it get a text line. */
  call?(entry: CallLogEntry): void;
}
