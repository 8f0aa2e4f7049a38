import { queryOptions } from '@tanstack/react-query';
import { getToday } from '@shared/contract/plan';
import { api } from '../../lib/api';

/** «Сегодня»'s queries, each key written once. */
export const todayQueries = {
  /**
   * The day's plan. Items tick from the work itself, so it is read again whenever the screen opens
   * (back from a homework) or the window regains focus (work done in another tab).
   */
  today: () =>
    queryOptions({
      queryKey: ['planToday'],
      queryFn: ({ signal }) => api.call(getToday, {}, { handleErrors: true, signal }),
      staleTime: 0,
      refetchOnMount: 'always',
      refetchOnWindowFocus: true,
    }),
};
