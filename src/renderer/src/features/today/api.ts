import { queryOptions } from '@tanstack/react-query';
import { getToday } from '@shared/contract/plan';
import { api } from '../../lib/api';
import { offlineCopy } from '../../lib/offline-store/offline-copy';

/** The day's plan as last seen online, kept on the device for a day without a network. */
const todayCopy = offlineCopy('plan-today', getToday.output);

/** «Сегодня»'s queries, each key written once. */
export const todayQueries = {
  /**
   * The day's plan. Items tick from the work itself, so it is read again whenever the screen opens
   * (back from a homework) or the window regains focus (work done in another tab). Without a
   * connection: the copy saved on this device, with when it was saved.
   */
  today: () =>
    queryOptions({
      queryKey: ['planToday'],
      queryFn: ({ signal }) => todayCopy.load(() => api.call(getToday, {}, { handleErrors: true, signal })),
      staleTime: 0,
      refetchOnMount: 'always',
      refetchOnWindowFocus: true,
    }),
};
