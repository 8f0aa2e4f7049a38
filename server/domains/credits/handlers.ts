import { credits } from '../../../src/shared/contract';
import { applyOnce, opOf } from '../../applied-ops/applied-ops';
import { implement } from '../../contract/implement';
import { answerCredit, getCredit } from './credit-auto';
import { addCuratorSlots, bookVerbalCredit, curatorSlots, deleteCuratorSlot, verbalCreditInfo } from './verbal-booking';

/** Handlers of automatic credits, one per contract in src/shared/contract/credits.ts. */
export const creditsHandlers = [
  implement(credits.getZachetAuto, async (ctx, { zachetNum, startButtonPressed }) =>
    getCredit(ctx.services.db, ctx.services.events, ctx.user, zachetNum, startButtonPressed === '1', ctx.services.clock.now()),
  ),
  // An answer sent again after a lost reply (same opId) is answered «уже применено», not «уже дан ответ».
  implement(credits.sendZachetAuto, async (ctx, input) => {
    const { zachetNum, questionNum, userAnswer } = input;
    const now = ctx.services.clock.now();
    return applyOnce(ctx.services.db, opOf(ctx.user.id, credits.sendZachetAuto.path, input), now, async (remember) => {
      await answerCredit(ctx.services.db, ctx.services.events, ctx.user, { num: zachetNum, qNum: questionNum, typed: userAnswer, remember: (trx) => remember(trx, {}) }, now);
      return {};
    });
  }),
  implement(credits.getVerbalZachetInfo, async (ctx, { zachetNumber }) => verbalCreditInfo(ctx.services.db, ctx.user, zachetNumber, ctx.services.clock.now())),
  implement(credits.verbalZachetZapis, async (ctx, { zachetNumber, choiceDateTime }) => {
    await bookVerbalCredit(ctx.services.db, ctx.user, zachetNumber, choiceDateTime, ctx.services.clock.now());
    return {};
  }),
  implement(credits.listVerbalSlots, async (ctx) => ({ slots: await curatorSlots(ctx.services.db, ctx.user.id, ctx.services.clock.now()) })),
  implement(credits.addVerbalSlots, async (ctx, { date, times }) => ({
    added: await addCuratorSlots(ctx.services.db, ctx.user.id, date, times, ctx.services.clock.now()),
  })),
  implement(credits.deleteVerbalSlot, async (ctx, { slotId }) => {
    await deleteCuratorSlot(ctx.services.db, ctx.user.id, slotId);
    return {};
  }),
];
