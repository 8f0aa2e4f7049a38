import { trainP1 } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { answerTraining, availableSets, backToChoice, startTraining, trainInfo } from './train-p1';

/** Handlers of training part 1, one per contract in src/shared/contract/train-p1.ts. */
export const trainP1Handlers = [
  implement(trainP1.getTrainP1Info, async (ctx) => trainInfo(ctx.services.db, ctx.user, ctx.services.clock.now())),
  implement(trainP1.availableQuestionsSet, async (ctx) => availableSets(ctx.services.db, ctx.user, ctx.services.clock.now())),
  implement(trainP1.getQuestionsSet, async (ctx, input) => startTraining(ctx.services.db, ctx.user, { ...input, includeSelfmade: input.includeSelfmade === '1', include90Plus: input.include90Plus === '1' }, ctx.services.clock.now())),
  implement(trainP1.setAnswerSet, async (ctx, input) => {
    await answerTraining(ctx.services.db, ctx.services.events, ctx.user, { ...input, finishTest: input.finishTest === '1' }, ctx.services.clock.now());
    return {};
  }),
  implement(trainP1.goToChoiseSet, async (ctx) => {
    await backToChoice(ctx.services.db, ctx.user, ctx.services.clock.now());
    return {};
  }),
];
