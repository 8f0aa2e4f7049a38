import { queryOptions } from '@tanstack/react-query';
import { getChaptersStatistics } from '@shared/contract/rating';
import { getListCurators, getSchoolStatistics, getUsersStatistics } from '@shared/contract/school-stats';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'schoolStats';

/** The school statistics screens' queries (live calls), each key written once. */
export const schoolStatsQueries = {
  /** Study period, current students, LTV, churn and retention of the whole school. */
  school: () => queryOptions({ queryKey: [ROOT, 'school'], queryFn: () => liveRequest(getSchoolStatistics, {}), retry: retryLive }),
  /** The curators to pick from. */
  curators: () => queryOptions({ queryKey: [ROOT, 'curators'], queryFn: () => liveRequest(getListCurators, { onlyCurators: '1' }), retry: retryLive }),
  /** A curator's students ranked by mastery; waits until a curator is known. */
  ranked: (curatorId: string | null) =>
    queryOptions({
      queryKey: [ROOT, 'users', curatorId],
      queryFn: () => liveRequest(getUsersStatistics, { curatorId: Number(curatorId) }),
      enabled: curatorId !== null,
      retry: retryLive,
    }),
  /** One student's mastery per chapter. */
  chapters: (userId: string) =>
    queryOptions({ queryKey: [ROOT, 'chapters', userId], queryFn: () => liveRequest(getChaptersStatistics, { userId }), retry: retryLive }),
};
