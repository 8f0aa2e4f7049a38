import { queryOptions } from '@tanstack/react-query';
import { getChapters, getCreditQuestion, getCreditQuestionsList, getQuestion, getQuestionsList } from '@shared/contract/question-bank-p2';
import { liveRequest, retryLive } from '../../lib/live-request';

const P2 = 'questionBankP2';
const CREDIT = 'creditQuestions';

/** The part 2 and oral-credit banks' queries (live calls), each key written once; a save refreshes its list. */
export const questionBankP2Queries = {
  p2List: () => queryOptions({ queryKey: [P2, 'list'], queryFn: () => liveRequest(getQuestionsList, {}), retry: retryLive }),
  /** The chapters a part 2 question belongs to; they rarely change. */
  p2Chapters: () => queryOptions({ queryKey: [P2, 'chapters'], queryFn: () => liveRequest(getChapters, {}), retry: retryLive, staleTime: 60_000 }),
  /** One stored part 2 question ('new' asks for nothing); always loaded afresh when the editor opens. */
  p2Question: (questionId: number | 'new') =>
    queryOptions({
      queryKey: [P2, 'question', typeof questionId === 'number' ? questionId : 0],
      queryFn: () => liveRequest(getQuestion, { questionId: questionId as number }),
      enabled: questionId !== 'new',
      retry: retryLive,
      gcTime: 0,
    }),
  creditList: () => queryOptions({ queryKey: [CREDIT, 'list'], queryFn: () => liveRequest(getCreditQuestionsList, {}), retry: retryLive }),
  /** One stored oral-credit question ('new' asks for nothing); always loaded afresh when the editor opens. */
  creditQuestion: (questionId: number | 'new') =>
    queryOptions({
      queryKey: [CREDIT, 'question', questionId],
      queryFn: () => liveRequest(getCreditQuestion, { questionId: questionId as number }),
      enabled: questionId !== 'new',
      retry: retryLive,
      gcTime: 0,
    }),
};
