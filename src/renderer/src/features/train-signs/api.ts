import { queryOptions } from '@tanstack/react-query';
import { getSignsAvailableList, getSignsData, getSignsInfo } from '@shared/contract/train-signs';
import { api } from '../../lib/api';

const ROOT = 'trainSigns';

/** The signs trainer's queries, each key written once; a refusal is shown as it is, not retried. */
export const trainSignsQueries = {
  /** Where the trainer is (choosing, or a term); each step's answer replaces it. */
  state: () => queryOptions({ queryKey: [ROOT, 'state'], queryFn: () => api.call(getSignsData, {}, { handleErrors: true }), retry: false }),
  /** The statistics; every step refreshes them. */
  info: () => queryOptions({ queryKey: [ROOT, 'info'], queryFn: () => api.call(getSignsInfo, {}, { handleErrors: true }), retry: false }),
  /** The chapters to train one of. */
  lists: () => queryOptions({ queryKey: [ROOT, 'lists'], queryFn: () => api.call(getSignsAvailableList, {}, { handleErrors: true }), retry: false }),
};
