import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { CurrentUser } from '../auth/current-user';
import type { SessionRow } from '../db/schema';
import type { RequestLogEntry } from '../logging/types';
import { describeRequest } from '../logging/call-log';
import type { Services } from '../services';

/** What the chain puts on every request's context (request-chain.ts, signed-caller.ts, the call router). */
export interface RequestVariables {
  /** Hono's requestId: the caller's X-Request-Id when short and plain (a proxy's id ties its log to ours), else a new UUID. */
  requestId: string;
  /** The client's address (clientIp below). */
  clientIp: string;
  /** The signed caller's id once known (signed-caller.ts); stays null for anonymous routes and anonymous calls. */
  userId: number | null;
  /** Set on a call's route: its contract path, for the access line. */
  callPath?: string;
  /** How the request ended, when a chain step or handler knows (outcome and envelope code, for the access line). */
  outcome?: { outcome: string; code: string };
  /** The signed caller (signed-caller.ts); null on a public call. */
  caller?: { user: CurrentUser; session: SessionRow } | null;
  /** The JSON body without the signing fields (signed-caller.ts). */
  input?: Record<string, unknown>;
}

export type AppEnv = { Bindings: HttpBindings; Variables: RequestVariables };

/** Longer ids are replaced (Hono's requestId also refuses anything but letters, digits, `_`, `-`, `=`). */
const REQUEST_ID_MAX = 64;

/**
 * Caller address: the socket peer, or, behind a trusted proxy, the right-most X-Forwarded-For hop:
 * the address that proxy saw. Hops to its left come from the client and may be made up.
 */
export function clientIp(services: Pick<Services, 'config'>, headers: Headers, remote: string | undefined): string {
  if (services.config.TRUST_PROXY) {
    const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return remote ?? '';
}

/** The address of this request's client (set by the chain; computed here for a context outside it). */
export function requestClientIp(c: Context<AppEnv>, services: Pick<Services, 'config'>): string {
  return c.get('clientIp') ?? clientIp(services, c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress);
}

/** Records the signed caller on the request: the access line names them. */
export function setCaller(c: Context<AppEnv>, userId: number): void {
  c.set('userId', userId);
}

/**
 * One access line per request, written after the answer is ready: request id, client address,
 * user id when a signed caller was found, method, route pattern, status, duration; a call's line
 * adds the call router's fields. Never the query (signed addresses carry signatures) or the body.
 */
function accessLog(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('clientIp', clientIp(services, c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress));
    c.set('userId', null);
    await next();
    const log = services.log;
    if (log.infoEnabled && !log.infoEnabled()) return;
    const entry: RequestLogEntry = {
      requestId: c.get('requestId'),
      ip: c.get('clientIp'),
      userId: c.get('userId'),
      verb: c.req.method,
      route: routePath(c) || c.req.path,
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
    };
    const callPath = c.get('callPath');
    if (callPath) {
      const status = c.res.status;
      const ended = c.get('outcome') ?? { outcome: status === 503 ? 'unavailable' : status === 507 || status >= 500 ? 'error' : 'ok', code: '' };
      entry.call = { transport: 'http', method: callPath, outcome: ended.outcome, code: ended.code };
    }
    if (log.request) log.request(entry);
    else log.info(describeRequest(entry));
  };
}

/**
 * The chain every route runs through, first in app.ts: Hono's requestId (echoed in X-Request-Id)
 * and the access line. Signed routes add the signed-caller middleware (signed-caller.ts) on top.
 */
export function useRequestChain(app: Hono<AppEnv>, services: Services): void {
  app.use(requestId({ limitLength: REQUEST_ID_MAX }));
  app.use(accessLog(services));
}
