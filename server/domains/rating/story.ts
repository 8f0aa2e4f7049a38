import { RATING_STORY_SIZE, ratingValueFromTenths, type RatingChange } from '../../../src/shared/contract/rating';
import type { Db } from '../../db';
import { ratingTenths } from './ledger';
import { moscowIso, moscowMonthStart } from '../../time/moscow-days';

export interface RatingStory {
  ratingStory: RatingChange[];
  rating: string;
  ratingMonth: string;
}

/** The last 20 changes (newest first), the current rating and this Moscow month's sum. */
export async function ratingStory(db: Db, userId: number, now: number): Promise<RatingStory> {
  const [changes, total, month] = await Promise.all([
    db
      .selectFrom('rating_changes')
      .select(['tenths', 'created_at', 'comment'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RATING_STORY_SIZE)
      .execute(),
    ratingTenths(db, userId),
    ratingTenths(db, userId, { from: moscowMonthStart(now) }),
  ]);
  return {
    ratingStory: changes.map((change) => ({
      value: ratingValueFromTenths(change.tenths),
      datetime: moscowIso(change.created_at),
      comment: change.comment,
    })),
    rating: ratingValueFromTenths(total),
    ratingMonth: ratingValueFromTenths(month),
  };
}
