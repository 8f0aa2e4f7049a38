import { parseVerbalSet, type VerbalSet } from '../../../src/shared/contract/train-verbal';
import * as trainVerbal from '../../../src/shared/contract/train-verbal';
import { implement } from '../../contract/implement';
import { availableLists, nextQuestion, recordAnswer, setInfo, setQuestions } from './train-verbal';

/** The schema already refused anything parseVerbalSet cannot read. */
const setOf = (type: string): VerbalSet => parseVerbalSet(type)!;

/** Handlers of the oral credit trainer, one per contract in src/shared/contract/train-verbal.ts. */
export const trainVerbalHandlers = [
  implement(trainVerbal.getAvailableLists, async (ctx) => availableLists(ctx.services.db, ctx.user, ctx.services.clock.now())),
  implement(trainVerbal.getVerbalInfo, async (ctx, { type }) => setInfo(ctx.services.db, ctx.user, setOf(type), ctx.services.clock.now())),
  implement(trainVerbal.getVerbalQuestions, async (ctx, { type, with90Plus }) => ({
    questions: await setQuestions(ctx.services.db, ctx.user, setOf(type), with90Plus === '1', ctx.services.clock.now()),
  })),
  implement(trainVerbal.getVerbalQuestion, async (ctx, { type, with90Plus }) => ({
    question: await nextQuestion(ctx.services.db, ctx.user, setOf(type), with90Plus === '1', ctx.services.clock.now()),
  })),
  implement(trainVerbal.sendVerbalAnswer, async (ctx, { questionId, userAnswer }) => {
    await recordAnswer(ctx.services.db, ctx.user, questionId, (userAnswer ?? '').trim(), ctx.services.clock.now());
    return {};
  }),
];
