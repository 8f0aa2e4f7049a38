import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getCuratorDebtors, getCurators, getUser, getUserCrmComment, getUsers, type QueryType } from '@shared/contract/crm';
import { getGroupProgress, getStudentLearning } from '@shared/contract/learning';
import { api } from '../../lib/api';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'crm';

/** The CRM screens' queries, each key written once (a saved card invalidates its own query). */
export const crmQueries = {
  curators: () => queryOptions({ queryKey: [ROOT, 'curators'], queryFn: ({ signal }) => api.call(getCurators, {}, { handleErrors: true, signal }) }),
  /** The users list of one search (by text, type or curator), as the URL holds it. */
  users: (queryType: QueryType, queryBody: string) =>
    queryOptions({
      queryKey: [ROOT, 'users', queryType, queryBody],
      queryFn: ({ signal }) => api.call(getUsers, { queryType, queryBody }, { handleErrors: true, signal }),
    }),
  /** A curator's debtors; 'all' for every curator's. */
  debtors: (curatorId: string) =>
    queryOptions({
      queryKey: [ROOT, 'debtors', curatorId],
      queryFn: ({ signal }) => api.call(getCuratorDebtors, { curatorId: curatorId === 'all' ? '' : curatorId }, { handleErrors: true, signal }),
    }),
  /** One user's card; a refusal is final (the screen returns to the list), so no retry. */
  user: (userVkId: string) =>
    queryOptions({ queryKey: [ROOT, 'user', userVkId], queryFn: ({ signal }) => api.call(getUser, { userVkId }, { handleErrors: true, signal }), retry: false }),
  /** A user's CRM comment thread (live call). */
  comments: (userKey: string) =>
    queryOptions({ queryKey: [ROOT, 'comments', userKey], queryFn: () => liveRequest(getUserCrmComment, { userId: userKey }), retry: retryLive }),
  /** A student's learning block on the card (forecast, weak elements, activity, overdue work). */
  learning: (userKey: string) =>
    queryOptions({ queryKey: [ROOT, 'learning', userKey], queryFn: ({ signal }) => api.call(getStudentLearning, { userKey }, { handleErrors: true, signal }) }),
  /** The «Группа» view: '' for the caller's own group (everyone for an admin), or one curator's. */
  group: (curatorId: string) =>
    queryOptions({
      queryKey: [ROOT, 'group', curatorId],
      queryFn: ({ signal }) => api.call(getGroupProgress, { curatorId }, { handleErrors: true, signal }),
      // Another curator's group replaces the shown one when it arrives: the filter stays in place.
      placeholderData: keepPreviousData,
    }),
};
