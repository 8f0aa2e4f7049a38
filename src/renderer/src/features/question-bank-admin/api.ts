import { queryOptions } from '@tanstack/react-query';
import { getQuestion, getQuestionReference, getQuestionsList } from '@shared/contract/question-bank-admin';
import { api } from '../../lib/api';

const ROOT = 'questionBankAdmin';

/** The part 1 bank's queries, each key written once (a create, a save or an image change refreshes the list). */
export const questionBankAdminQueries = {
  list: () => queryOptions({ queryKey: [ROOT, 'list'], queryFn: ({ signal }) => api.call(getQuestionsList, {}, { handleErrors: true, signal }) }),
  /** The chapters and lessons a new question picks from. */
  reference: () =>
    queryOptions({ queryKey: [ROOT, 'reference'], queryFn: ({ signal }) => api.call(getQuestionReference, {}, { handleErrors: true, signal }), retry: false }),
  /** One stored question for the editor; always loaded afresh when the editor opens. */
  question: (questionId: number) =>
    queryOptions({ queryKey: [ROOT, 'question', questionId], queryFn: ({ signal }) => api.call(getQuestion, { questionId }, { handleErrors: true, signal }), gcTime: 0, retry: false }),
};
