import type { CallLogEntry, Logger } from './types';

export type { CallLogEntry };


export function logCall(log: Logger, entry: CallLogEntry): void {
  if (log.call) log.call(entry);
  else log.info(describeCall(entry));
}

/** The same entry as one text line (the test loggers' format). */
export function describeCall(entry: CallLogEntry): string {
  return `${entry.transport} ${entry.method} user=${entry.userId ?? '-'} ${entry.durationMs}ms ${entry.outcome} id=${entry.requestId}`;
}
