import * as finances from '../../../src/shared/contract/finances';
import { implement } from '../../contract/implement';
import { cancelSubscriptions, listActiveSubscriptions, resumeSubscriptions } from './subscriptions';

/** Shell §7.3 subscription calls; the client reloads the list after a cancel or resume (§4.6). */
export const subscriptionHandlers = [
  implement(finances.getActiveSubs, async (ctx) => ({
    activeSubs: await listActiveSubscriptions(ctx.services.db, ctx.user.id, ctx.services.clock.now()),
  })),

  implement(finances.unsubscribe, async (ctx) => {
    await cancelSubscriptions(ctx.services.db, ctx.user.id, ctx.services.clock.now());
    return {};
  }),

  implement(finances.resumeSubscribe, async (ctx) => {
    await resumeSubscriptions(ctx.services.db, ctx.user.id, ctx.services.clock.now());
    return {};
  }),
];
