import { queryOptions } from '@tanstack/react-query';
import { getAvailableLists, getVerbalInfo, getVerbalQuestions } from '@shared/contract/train-verbal';
import { api } from '../../lib/api';

const ROOT = 'trainVerbal';

/** The oral trainer's queries, each key written once; a refusal is shown as it is, not retried. */
export const trainVerbalQueries = {
  /** The credits, lessons and sections to pick a set from. */
  lists: () => queryOptions({ queryKey: [ROOT, 'lists'], queryFn: () => api.call(getAvailableLists, {}, { handleErrors: true }), retry: false }),
  /** How many questions a set has and how many were asked; waits until a set is chosen. */
  info: (type: string | null) =>
    queryOptions({ queryKey: [ROOT, 'info', type], queryFn: () => api.call(getVerbalInfo, { type: type! }, { handleErrors: true }), enabled: type !== null, retry: false }),
  /** A set's questions with their answers; waits until a set is chosen. */
  questions: (type: string | null, with90Plus: '0' | '1') =>
    queryOptions({
      queryKey: [ROOT, 'questions', type, with90Plus],
      queryFn: () => api.call(getVerbalQuestions, { type: type!, with90Plus }, { handleErrors: true }),
      enabled: type !== null,
      retry: false,
    }),
};
