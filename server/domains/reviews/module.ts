import { defineDomain } from '../../domain-module';
import { reviewsHandlers } from './handlers';
import * as m0116 from './migrations/0116-review-cards';

/**
 * Reviews that come back: the review session over a student's FSRS cards. The
 * cards are written by server/learning/review-cards.ts from every scored answer (and the signs
 * trainer's misses); this domain owns their table and the session's calls.
 */
export const reviewsDomain = defineDomain({
  name: 'reviews',
  migrations: { '0116-review-cards': m0116 },
  handlers: reviewsHandlers,
});
