import { rating } from '../../../src/shared/contract';
import { implement, type Implementation } from '../../contract/implement';
import { readableRatingOwner } from './reader-access';
import { ratingStatistic } from './statistic';
import { ratingStory } from './story';
import { ratingTop } from './top';
import { homeworkStatistics } from './homework-statistics';
import { chapterStatistics, studyRating } from './mastery';
import { userTypeNow } from '../../auth/current-user';

/** Handlers of the rating area, one per contract in src/shared/contract/rating.ts. */
export const ratingHandlers = [
  implement(rating.getRatingStory, async (ctx, { userVkId }) => {
    const { db, clock } = ctx.services;
    const owner = await readableRatingOwner(db, ctx.user, userVkId);
    return ratingStory(db, owner.id, clock.now());
  }),

  implement(rating.getRatingStatistic, async (ctx, { userVkId, startDate, endDate, groupBy }) => {
    const { db, clock } = ctx.services;
    const owner = await readableRatingOwner(db, ctx.user, userVkId);
    return { ratingStatistic: await ratingStatistic(db, { userId: owner.id, startDate, endDate, groupBy, now: clock.now() }) };
  }),

  implement(rating.getRatingTop, async (ctx, { period }) => ({ ratingTop: await ratingTop(ctx.services.db, period, ctx.services.clock.now()) })),

  implement(rating.getDzStatistics, async (ctx, { type }) => ({
    dzStatistics: await homeworkStatistics(ctx.services.db, ctx.user.id, type === 'probnik'),
  })),

  implement(rating.getChaptersStatistics, async (ctx, { userId }) => {
    const now = ctx.services.clock.now();
    const owner = await readableRatingOwner(ctx.services.db, ctx.user, userId);
    return chapterStatistics(ctx.services.db, { id: owner.id, type: userTypeNow(owner, now) }, now);
  }),

  implement(rating.getTopUsersStatistics, async (ctx) => ({ usersStatistics: await studyRating(ctx.services.db, ctx.user.id) })),
] as Implementation[];
