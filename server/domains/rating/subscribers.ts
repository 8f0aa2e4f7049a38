import { answerScored, subscribe } from '../../events';
import { awardRating } from './ledger';

/**
 * A scored training answer that earns a rating change (its own rule decides how much) goes into the
 * ledger in the answer's transaction, so the reply that shows the answer shows the new rating too.
 * Idempotent on the answer's source: the same answer never counts twice.
 */
export const ratingSubscribers = [
  subscribe({
    event: answerScored,
    name: 'rating: the answer’s rating change into the ledger',
    async inTransaction(trx, { userId, source, rating, at }) {
      if (rating) await awardRating(trx, { userId, tenths: rating.tenths, comment: rating.comment, source, at });
    },
  }),
];
