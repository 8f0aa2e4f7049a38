import { queryOptions } from '@tanstack/react-query';
import { getDueReviews } from '@shared/contract/reviews';
import { api } from '../../lib/api';
import { offlineCopy } from '../../lib/offline-store/offline-copy';

/** The due cards as last read online, kept on the device for a session without a network. */
const dueCopy = offlineCopy('reviews-due', getDueReviews.output);

/** The review session's queries, each key written once. */
export const reviewsQueries = {
  /** The due cards of one session and when the next one falls due (the device's copy offline). */
  due: () =>
    queryOptions({
      queryKey: ['reviewsDue'],
      queryFn: ({ signal }) => dueCopy.load(() => api.call(getDueReviews, {}, { handleErrors: true, signal })),
      retry: false,
      // A session in progress keeps its cards: a refetch on focus would pull the answered one away.
      refetchOnWindowFocus: false,
    }),
};
