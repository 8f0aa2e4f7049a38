import type { Hono } from 'hono';
import type { Services } from '../services';
import type { CallContext, Implementation } from './implement';
import { runCall } from './pipeline';
import { signedJson } from './signed-caller';
import type { AppEnv } from './request-chain';

export { clientIp, type AppEnv } from './request-chain';

/** JSON bodies above this are refused before parsing (uploads have their own route and limits). */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Registers every HTTP contract as POST <path>: the signed-caller middleware (body bounds,
 * signature, session; public calls only the bounds) → shared pipeline → envelope. The request
 * chain (request-chain.ts) writes the call's one access line with its outcome.
 */
export function mountHttpCalls(app: Hono<AppEnv>, services: Services, implementations: readonly Implementation[]): void {
  for (const implementation of implementations) {
    if (implementation.contract.kind !== 'http') continue;
    const { contract } = implementation;
    const signed = contract.access.kind !== 'public';
    app.post(
      contract.path,
      (c, next) => {
        c.set('callPath', contract.path);
        return next();
      },
      signedJson(services, contract.path, { maxBytes: MAX_JSON_BYTES, signed, recordReplay: !contract.readOnly, anonymousLog: contract.anonymousLog }),
      async (c) => {
        const caller = c.get('caller') ?? null;
        const ctx: CallContext = {
          services,
          user: caller?.user ?? null,
          session: caller?.session ?? null,
          request: { transport: 'http', ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? '' },
        };
        const result = await runCall(implementation, ctx, c.get('input') ?? {});
        c.set('outcome', { outcome: result.outcome, code: result.body.success });
        return c.json(result.body, result.status as 200);
      },
    );
  }
}
