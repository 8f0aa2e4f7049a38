import { useQuery } from '@tanstack/react-query';
import { getChaptersStatistics, getTopUsersStatistics } from '@shared/contract/rating';
import { liveRequest, retryLive } from '../../lib/live-request';
import { RATING_QUERY_ROOT } from './use-ratings';

/** The caller's mastery of each chapter, computed by the server from their answers. */
export function useChapterStatistics() {
  return useQuery({
    queryKey: [RATING_QUERY_ROOT, 'chapters'],
    queryFn: () => liveRequest(getChaptersStatistics, { userId: '' }),
    retry: retryLive,
  });
}

/** Students ranked by the share of the course they solved. */
export function useStudyRating() {
  return useQuery({
    queryKey: [RATING_QUERY_ROOT, 'study-rating'],
    queryFn: () => liveRequest(getTopUsersStatistics, {}).then((result) => result.usersStatistics),
    retry: retryLive,
  });
}
