import type { Logger } from '../log';

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

export function logCall(log: Logger, entry: CallLogEntry): void {
  if (log.call) log.call(entry);
  else log.info(describeCall(entry));
}

/** The same entry as one text line (the test loggers' format). */
export function describeCall(entry: CallLogEntry): string {
  return `${entry.transport} ${entry.method} user=${entry.userId ?? '-'} ${entry.durationMs}ms ${entry.outcome} id=${entry.requestId}`;
}
