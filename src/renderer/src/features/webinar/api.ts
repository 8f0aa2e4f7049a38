import { queryOptions } from '@tanstack/react-query';
import { getWebinarLink } from '@shared/contract/shell';
import { api } from '../../lib/api';

/** The webinar page's queries, each key written once. */
export const webinarQueries = {
  /** The current webinar's link; '0' means there is none now. */
  link: () => queryOptions({ queryKey: ['webinarLink'], queryFn: ({ signal }) => api.call(getWebinarLink, {}, { handleErrors: true, signal }) }),
};
