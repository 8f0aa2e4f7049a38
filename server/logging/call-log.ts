import type { CallLogEntry, Logger, RequestLogEntry } from './types';

export type { CallLogEntry, RequestLogEntry };


export function logCall(log: Logger, entry: CallLogEntry): void {
  if (log.call) log.call(entry);
  else log.info(describeCall(entry));
}

/** The same entry as one text line (the test loggers' format). */
export function describeCall(entry: CallLogEntry): string {
  return `${entry.transport} ${entry.method} user=${entry.userId ?? '-'} ${entry.durationMs}ms ${entry.outcome} id=${entry.requestId}`;
}

/** An HTTP request's access line as text (the test loggers' format); a call's line starts like describeCall. */
export function describeRequest(entry: RequestLogEntry): string {
  const { call } = entry;
  const head = call
    ? `${call.transport} ${call.method} user=${entry.userId ?? '-'} ${entry.durationMs}ms ${call.outcome}`
    : `${entry.verb} ${entry.route} user=${entry.userId ?? '-'} ${entry.durationMs}ms ${entry.status}`;
  return `${head} ip=${entry.ip || '-'} id=${entry.requestId}`;
}
