import type { Context, Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { currentUserFromRow } from '../auth/current-user';
import { SIGNED_OUT_MESSAGE, verifySignature } from '../auth/signature';
import type { Services } from '../services';
import { parseBoundedJson, type BoundedJson } from './bounded-json';
import { readBodyText } from './bounded-body';
import { MESSAGES } from './errors';
import type { CallContext, Implementation } from './implement';
import { failure, runCall, serviceUnavailable, withoutSigningFields, type CallResult } from './pipeline';
import { isOutage } from './unavailable';
import { logCall } from '../logging/call-log';
import { REQUEST_ID_HEADER, requestIdFrom } from '../logging/request-id';
import { isRecord } from '../../src/shared/guards';

/** JSON bodies above this are refused before parsing (uploads have their own route and limits). */
const MAX_JSON_BYTES = 1024 * 1024;

export type AppEnv = { Bindings: HttpBindings };

/**
 * Caller address: the socket peer, or, behind a trusted proxy, the right-most X-Forwarded-For hop:
 * the address that proxy saw. Hops to its left come from the client and may be made up.
 */
export function clientIp(services: Services, headers: Headers, remote: string | undefined): string {
  if (services.config.TRUST_PROXY) {
    const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return remote ?? '';
}

type ParsedBody = { ok: true; body: Record<string, unknown> } | { ok: false; result: CallResult };

async function readJsonObject(c: Context<AppEnv>): Promise<ParsedBody> {
  const tooLarge = { ok: false, result: failure(413, 'invalid', MESSAGES.tooLarge) } as const;
  const text = await readBodyText(c.req.raw, MAX_JSON_BYTES);
  if (text === null) return tooLarge;
  // Limits first: nothing below (signature, zod, logs) may meet a body nested 100,000 levels.
  const parsed: BoundedJson = text.trim() === '' ? { ok: true, value: {} } : parseBoundedJson(text);
  if (!parsed.ok) return { ok: false, result: failure(400, 'invalid', parsed.message ?? MESSAGES.badJson) };
  const body = parsed.value;
  if (!isRecord(body)) {
    return { ok: false, result: failure(400, 'invalid', MESSAGES.badJson) };
  }
  return { ok: true, body };
}

/**
 * Registers every HTTP contract as POST <path>: parse → verify signature and session (unless
 * public) → shared pipeline → envelope, with one log line per call.
 */
export function mountHttpCalls(app: Hono<AppEnv>, services: Services, implementations: readonly Implementation[]): void {
  for (const implementation of implementations) {
    if (implementation.contract.kind !== 'http') continue;
    const { contract } = implementation;
    app.post(contract.path, async (c) => {
      const started = performance.now();
      const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
      let userId: number | null = null;
      const result = await (async (): Promise<CallResult> => {
        const parsed = await readJsonObject(c);
        if (!parsed.ok) return parsed.result;
        const body = parsed.body;
        const request = {
          transport: 'http' as const,
          ip: clientIp(services, c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress),
          userAgent: c.req.header('user-agent') ?? '',
        };
        if (contract.access.kind === 'public') {
          const ctx: CallContext = { services, user: null, session: null, request };
          return runCall(implementation, ctx, withoutSigningFields(body));
        }
        const now = services.clock.now();
        const check = await verifySignature({ db: services.db, kv: services.kv, now }, contract.path, body);
        if (!check.ok) {
          return check.code === '-1'
            ? failure(401, 'unauth', check.message, '-1')
            : failure(400, 'invalid', check.message, '0', check.serverTime ? { serverTime: check.serverTime } : {});
        }
        const user = await currentUserFromRow(services.db, check.user, now);
        if (!user) return failure(401, 'unauth', SIGNED_OUT_MESSAGE, '-1');
        if (!contract.anonymousLog) userId = user.id;
        return runCall(implementation, { services, user, session: check.session, request }, withoutSigningFields(body));
      })().catch((error: unknown) => {
        // Signature check and session lookup need the database and Redis too.
        if (isOutage(services.health, error)) return serviceUnavailable();
        services.log.error(`${contract.path}: unhandled error (${requestId})`, error);
        return failure(500, 'error', MESSAGES.internal);
      });
      const durationMs = Math.round(performance.now() - started);
      logCall(services.log, { transport: 'http', method: contract.path, userId, durationMs, outcome: result.outcome, status: result.status, code: result.body.success, requestId });
      c.header(REQUEST_ID_HEADER, requestId);
      return c.json(result.body, result.status as 200);
    });
  }
}
