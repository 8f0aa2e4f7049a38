import { queryOptions } from '@tanstack/react-query';
import { getFilesList } from '@shared/contract/files';
import { liveRequest, retryLive } from '../../lib/live-request';

/** The files screen's query (live call); an upload or a delete refreshes it. */
export const filesQueries = {
  list: () => queryOptions({ queryKey: ['files', 'list'], queryFn: () => liveRequest(getFilesList, {}), retry: retryLive }),
};
