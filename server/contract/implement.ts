import type { CallContract, OutputOf, ParsedInputOf } from '../../src/shared/contract/core';
import type { CurrentUser } from '../auth/current-user';
import type { SessionRow } from '../db/schema';
import type { Connection } from '../live/connection';
import type { Services } from '../services';

/** What a handler knows about the call besides its input. */
export interface CallContext {
  services: Services;
  /** Null only for public calls. */
  user: CurrentUser | null;
  session: SessionRow | null;
  /** `connection` is the caller's socket for live calls. */
  request: { transport: 'http' | 'live'; ip: string; userAgent: string; connection?: Connection };
}

/** A signed-in call's context: user and session are always there. */
export type SignedContext = CallContext & { user: CurrentUser; session: SessionRow };

export type Handler<C extends CallContract, Ctx extends CallContext = SignedContext> = (
  ctx: Ctx,
  input: ParsedInputOf<C>,
) => Promise<OutputOf<C>>;

export interface Implementation<C extends CallContract = CallContract> {
  contract: C;
  handler: Handler<C, CallContext>;
}

/** Binds a handler to a signed contract; the central wrapper does signing, access and validation. */
export function implement<C extends CallContract>(contract: C, handler: Handler<C, SignedContext>): Implementation<C> {
  if (contract.access.kind === 'public') throw new Error(`${contract.path} is public: use implementPublic`);
  return { contract, handler: handler as Handler<C, CallContext> };
}

/** Binds a handler to a public contract (sign-in): no session, `ctx.user` is null. */
export function implementPublic<C extends CallContract>(contract: C, handler: Handler<C, CallContext>): Implementation<C> {
  if (contract.access.kind !== 'public') throw new Error(`${contract.path} is not public: use implement`);
  return { contract, handler };
}
