import { queryOptions } from '@tanstack/react-query';
import { getVerbalZachetInfo, listVerbalSlots } from '@shared/contract/credits';
import { api } from '../../lib/api';

/** The oral credits' queries, each key written once; a refusal is shown as it is, not retried. */
export const creditsQueries = {
  /** The times a curator published for booking. */
  verbalSlots: () => queryOptions({ queryKey: ['verbalSlots'], queryFn: () => api.call(listVerbalSlots, {}, { handleErrors: true }), retry: false }),
  /** What a student can book for one oral credit. */
  verbalBooking: (zachetNumber: number) =>
    queryOptions({ queryKey: ['verbalBooking', zachetNumber], queryFn: () => api.call(getVerbalZachetInfo, { zachetNumber }, { handleErrors: true }), retry: false }),
};
