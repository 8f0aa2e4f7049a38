import { dueReviewSummary, REVIEW_SESSION_MAX } from '../../../learning/review-cards';
import { idNumbers, PLAN_RANKS, type PlanSource } from './source';

/** A review card takes about this long: read, answer, read the explanation. */
const MINUTES_PER_CARD = 1;

/**
 * Due reviews (server/learning/review-cards.ts): one item for one session of the cards due now
 * (at most a session's worth). It ticks once she has reviewed that many cards today, or when
 * nothing is due any more.
 */
export const reviewSource: PlanSource = {
  name: 'reviews',
  async candidates({ db, userId, now }) {
    const { due } = await dueReviewSummary(db, userId, now);
    if (due === 0) return [];
    const cards = Math.min(due, REVIEW_SESSION_MAX);
    const why = cards === 1 ? 'ошибка, которую пора повторить' : `ошибки, которые пора повторить: ${cards}`;
    return [{ id: `review:${cards}`, kind: 'review', title: 'Повторение ошибок', minutes: Math.max(2, cards * MINUTES_PER_CARD), why, link: '/trains/reviews', rank: PLAN_RANKS.review, order: 0 }];
  },
  async doneIds({ db, userId, now, dayStart }, ids) {
    if (ids.length === 0) return new Set();
    const [{ due }, reviewed] = await Promise.all([
      dueReviewSummary(db, userId, now),
      db.selectFrom('review_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('last_review', '>=', dayStart).executeTakeFirstOrThrow(),
    ]);
    return new Set(ids.filter((id) => due === 0 || Number(reviewed.n) >= (idNumbers(id)[0] ?? 0)));
  },
};
