import { credits } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { answerCredit, getCredit } from './credit-auto';
import { bookVerbalCredit, verbalCreditInfo } from './verbal-booking';

/** Handlers of automatic credits, one per contract in src/shared/contract/credits.ts. */
export const creditsHandlers = [
  implement(credits.getZachetAuto, async (ctx, { zachetNum, startButtonPressed }) =>
    getCredit(ctx.services.db, ctx.user, zachetNum, startButtonPressed === '1', ctx.services.clock.now()),
  ),
  implement(credits.sendZachetAuto, async (ctx, { zachetNum, questionNum, userAnswer }) => {
    await answerCredit(ctx.services.db, ctx.user, zachetNum, questionNum, userAnswer, ctx.services.clock.now());
    return {};
  }),
  implement(credits.getVerbalZachetInfo, async (ctx, { zachetNumber }) => verbalCreditInfo(ctx.services.db, ctx.user, zachetNumber, ctx.services.clock.now())),
  implement(credits.verbalZachetZapis, async (ctx, { zachetNumber, choiceDateTime }) => {
    await bookVerbalCredit(ctx.services.db, ctx.user, zachetNumber, choiceDateTime, ctx.services.clock.now());
    return {};
  }),
];
