import { queryOptions } from '@tanstack/react-query';
import { getRequiredNotFilledFields } from '@shared/contract/shell';
import { api } from '../lib/api';

/**
 * The profile fields the server reports as unfilled, and whether the school blocks until they are
 * filled. Read by the shell's blocking form and by «Сегодня»'s one-question card; asked once,
 * refreshed after a field is sent.
 */
export const profileFieldsQuery = () =>
  queryOptions({ queryKey: ['requiredFields'], queryFn: () => api.call(getRequiredNotFilledFields, {}, { handleErrors: true }), staleTime: Infinity });
