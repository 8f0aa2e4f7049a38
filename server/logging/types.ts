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

/**
 * One line per HTTP request, whatever the route (calls, uploads, downloads, streams, pages): the
 * access log (server/logging/access-log.ts). A call's line also carries the CallLogEntry fields.
 */
export interface RequestLogEntry {
  requestId: string;
  /** The client's address: the socket peer, or the proxy's X-Forwarded-For hop with TRUST_PROXY. */
  ip: string;
  /** The signed caller, once known; null before that, for anonymous routes and anonymous calls. */
  userId: number | null;
  /** The HTTP method (GET, POST, …). */
  verb: string;
  /** The matched route's pattern (`/app/images/lessons/:file`), never the query (it may hold signatures). */
  route: string;
  status: number;
  durationMs: number;
  /** Set by the call router: the call's own fields (`transport`, `method` = the contract path, `outcome`, `code`). */
  call?: Pick<CallLogEntry, 'transport' | 'method' | 'outcome' | 'code'>;
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** One structured line per call (logging/call-log.ts); loggers without it get a text line. */
  call?(entry: CallLogEntry): void;
  /** One structured line per HTTP request (logging/access-log.ts); loggers without it get a text line. */
  request?(entry: RequestLogEntry): void;
  /** False when `info` lines are dropped: the access log then builds nothing. */
  infoEnabled?(): boolean;
}
