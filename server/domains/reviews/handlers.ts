import { reviews } from '../../../src/shared/contract';
import { applyOnce, opOf } from '../../applied-ops/applied-ops';
import { implement } from '../../contract/implement';
import { answerCard, dueSession } from './review-session';

/** Handlers of the review session, one per contract in src/shared/contract/reviews.ts. */
export const reviewsHandlers = [
  implement(reviews.getDueReviews, async (ctx) => dueSession(ctx.services.db, ctx.user, ctx.services.clock.now())),
  // An answer sent again after a lost reply (same opId) gets the first reply, not «рано повторять».
  implement(reviews.answerReview, async (ctx, input) => {
    const now = ctx.services.clock.now();
    const { db, events } = ctx.services;
    return applyOnce(db, opOf(ctx.user.id, reviews.answerReview.path, input), now, (remember) =>
      answerCard(db, events, ctx.user, { cardId: input.cardId, userAnswer: input.userAnswer, ticks: input.ticks, remember }, now),
    );
  }),
];
