import * as trainSigns from '../../../src/shared/contract/train-signs';
import { implement } from '../../contract/implement';
import { razdelNames, signsInfo } from './statistics';
import { answerSigns, signsData } from './trainer';

/** Handlers of the signs trainer, one per contract in src/shared/contract/train-signs.ts. */
export const trainSignsHandlers = [
  implement(trainSigns.getSignsInfo, async (ctx) => signsInfo(ctx.services.db, ctx.user, ctx.services.clock.now())),
  implement(trainSigns.getSignsData, async (ctx, { action, type }) => signsData(ctx.services.db, ctx.user, action, type, ctx.services.clock.now())),
  implement(trainSigns.sendSignsAnswer, async (ctx, { terminName, userAnswer }) => {
    await answerSigns(ctx.services.db, ctx.services.events, ctx.user, terminName, userAnswer, ctx.services.clock.now());
    return {};
  }),
  implement(trainSigns.getSignsAvailableList, async (ctx) => ({ razdelNames: await razdelNames(ctx.services.db, ctx.user, ctx.services.clock.now()) })),
];
