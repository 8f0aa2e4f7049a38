import { queryOptions } from '@tanstack/react-query';
import { getVariablesStr } from '@shared/contract/shell';
import { api } from '../../lib/api';

/** The back office frame's queries, each key written once. */
export const backOfficeQueries = {
  /** The OLD_PLATFORM_URL setting (the school's old site), as the admin typed it. */
  oldPlatformUrl: () =>
    queryOptions({
      queryKey: ['oldPlatformUrl'],
      queryFn: ({ signal }) => api.call(getVariablesStr, { variableNames: ['OLD_PLATFORM_URL'] }, { handleErrors: true, signal }),
      staleTime: 5 * 60_000,
    }),
};
