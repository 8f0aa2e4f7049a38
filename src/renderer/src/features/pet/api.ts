import { queryOptions } from '@tanstack/react-query';
import { getVariablesStr } from '@shared/contract/shell';
import { api } from '../../lib/api';

/** The pet's HTTP queries, each key written once (its state comes by the live socket, use-pet.ts). */
export const petQueries = {
  /** The school's AVATAR_INFO help text (admin variables). */
  avatarInfo: () =>
    queryOptions({
      queryKey: ['pet', 'avatar-info'],
      queryFn: ({ signal }) => api.call(getVariablesStr, { variableNames: ['AVATAR_INFO'] }, { handleErrors: true, signal }),
      staleTime: 10 * 60_000,
      retry: false,
    }),
};
