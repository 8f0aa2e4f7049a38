import { queryOptions } from '@tanstack/react-query';
import { getDueReviews } from '@shared/contract/reviews';
import { api } from '../../lib/api';

/** The review session's queries, each key written once. */
export const reviewsQueries = {
  /** The due cards of one session and when the next one falls due. */
  due: () =>
    queryOptions({
      queryKey: ['reviewsDue'],
      queryFn: ({ signal }) => api.call(getDueReviews, {}, { handleErrors: true, signal }),
      retry: false,
      // A session in progress keeps its cards: a refetch on focus would pull the answered one away.
      refetchOnWindowFocus: false,
    }),
};
