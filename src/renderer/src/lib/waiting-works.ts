import { useQuery } from '@tanstack/react-query';
import { getWaitingWorks } from '@shared/contract/curator-homework';
import { api } from './api';

/** The query key of the checking queue; checking actions invalidate ['curatorHomework'] and with it this. */
export const WAITING_WORKS_KEY = ['curatorHomework', 'waiting'] as const;

/**
 * The checking queue: works waiting per homework and the total for the navigation count.
 * `enabled` is the server's 'homework' flag, so people without the queue never ask for it.
 */
export function useWaitingWorks(enabled: boolean) {
  return useQuery({
    queryKey: WAITING_WORKS_KEY,
    queryFn: ({ signal }) => api.call(getWaitingWorks, {}, { handleErrors: true, signal }),
    enabled,
    // New submissions arrive while a curator works: the count follows within a minute.
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}
