import { useQuery } from '@tanstack/react-query';
import { getRatingStatistic, getRatingStory, getRatingTop, type RatingGrouping, type RatingTopPeriod } from '@shared/contract/rating';
import { api } from '../../lib/api';

/** Every query of the screen starts with this key, so one reload refreshes them all. */
export const RATING_QUERY_ROOT = 'rating';

/** The signed-in user's last 20 changes, current rating and this month's sum. */
export function useRatingStory() {
  return useQuery({
    queryKey: [RATING_QUERY_ROOT, 'story'],
    queryFn: ({ signal }) => api.call(getRatingStory, {}, { handleErrors: true, signal }),
  });
}

export interface StatisticRange {
  startDate: string;
  endDate: string;
  groupBy: RatingGrouping;
}

/** The cumulative rating per day or week; the previous chart stays while the next one loads. */
export function useRatingStatistic(range: StatisticRange) {
  return useQuery({
    queryKey: [RATING_QUERY_ROOT, 'statistic', range.startDate, range.endDate, range.groupBy],
    queryFn: ({ signal }) => api.call(getRatingStatistic, range, { handleErrors: true, signal }).then((result) => result.ratingStatistic),
    placeholderData: (previous) => previous,
  });
}

/** The top 10 students of a period. */
export function useRatingTop(period: RatingTopPeriod) {
  return useQuery({
    queryKey: [RATING_QUERY_ROOT, 'top', period],
    queryFn: ({ signal }) => api.call(getRatingTop, { period }, { handleErrors: true, signal }).then((result) => result.ratingTop),
    placeholderData: (previous) => previous,
  });
}
