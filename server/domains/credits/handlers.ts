import { credits } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { answerCredit, getCredit } from './credit-auto';
import { rewardLearning } from '../pet/rewards';

/** Handlers of automatic credits, one per contract in src/shared/contract/credits.ts. */
export const creditsHandlers = [
  implement(credits.getZachetAuto, async (ctx, { zachetNum, startButtonPressed }) =>
    getCredit(ctx.services.db, ctx.user, zachetNum, startButtonPressed === '1', ctx.services.clock.now()),
  ),
  implement(credits.sendZachetAuto, async (ctx, { zachetNum, questionNum, userAnswer }) => {
    await answerCredit(ctx.services.db, ctx.user, zachetNum, questionNum, userAnswer, ctx.services.clock.now());
    // Finished work earns the pet's cookies (granted once, pushed to every device).
    await rewardLearning(ctx.services, ctx.user.id);
    return {};
  }),
];
