import { queryOptions } from '@tanstack/react-query';
import { availableQuestionsSet } from '@shared/contract/train-p1';
import { api } from '../../lib/api';

/** Training part 1's queries, each key written once. */
export const trainP1Queries = {
  /** The chapters, lessons, exam tasks and credits a training may be drawn from; a refusal is shown, not retried. */
  sets: () =>
    queryOptions({
      queryKey: ['trainP1Sets'],
      queryFn: ({ signal }) => api.call(availableQuestionsSet, {}, { handleErrors: true, signal }),
      retry: false,
      refetchOnWindowFocus: false,
    }),
};
