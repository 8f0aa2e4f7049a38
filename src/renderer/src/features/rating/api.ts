import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getChaptersStatistics,
  getDzStatistics,
  getRatingStatistic,
  getRatingStory,
  getRatingTop,
  getTopUsersStatistics,
  type DZ_STATISTICS_TYPES,
  type RatingGrouping,
  type RatingTopPeriod,
} from '@shared/contract/rating';
import { api } from '../../lib/api';
import { liveRequest, retryLive } from '../../lib/live-request';

/** Every query of the screen starts with this key, so one reload refreshes them all. */
export const RATING_QUERY_ROOT = 'rating';

/** The whole screen's cache, for the one «reload» (invalidateQueries takes it). */
export const ratingQueries = { all: () => ({ queryKey: [RATING_QUERY_ROOT] }) };

export interface StatisticRange {
  startDate: string;
  endDate: string;
  groupBy: RatingGrouping;
}

/** The signed-in user's last 20 changes, current rating and this month's sum. */
export const ratingStoryQuery = () =>
  queryOptions({
    queryKey: [RATING_QUERY_ROOT, 'story'],
    queryFn: ({ signal }) => api.call(getRatingStory, {}, { handleErrors: true, signal }),
  });

/** The cumulative rating per day or week; the previous chart stays while the next one loads. */
export const ratingStatisticQuery = (range: StatisticRange) =>
  queryOptions({
    queryKey: [RATING_QUERY_ROOT, 'statistic', range.startDate, range.endDate, range.groupBy],
    queryFn: ({ signal }) => api.call(getRatingStatistic, range, { handleErrors: true, signal }).then((result) => result.ratingStatistic),
    placeholderData: (previous) => previous,
  });

/** The top 10 students of a period. */
export const ratingTopQuery = (period: RatingTopPeriod) =>
  queryOptions({
    queryKey: [RATING_QUERY_ROOT, 'top', period],
    queryFn: ({ signal }) => api.call(getRatingTop, { period }, { handleErrors: true, signal }).then((result) => result.ratingTop),
    placeholderData: (previous) => previous,
  });

/** Points of every checked homework of one type (live call); the previous bars stay while the next load. */
export const homeworkStatisticsQuery = (type: (typeof DZ_STATISTICS_TYPES)[number]) =>
  queryOptions({
    queryKey: [RATING_QUERY_ROOT, 'homework', type],
    queryFn: () => liveRequest(getDzStatistics, { type }).then((result) => result.dzStatistics),
    retry: retryLive,
    placeholderData: (previous) => previous,
  });

/** The caller's mastery of each chapter, computed by the server from their answers. */
export const chapterStatisticsQuery = () =>
  queryOptions({
    queryKey: [RATING_QUERY_ROOT, 'chapters'],
    queryFn: () => liveRequest(getChaptersStatistics, { userId: '' }),
    retry: retryLive,
  });

/** Students ranked by the share of the course they solved. */
export const studyRatingQuery = () =>
  queryOptions({
    queryKey: [RATING_QUERY_ROOT, 'study-rating'],
    queryFn: () => liveRequest(getTopUsersStatistics, {}).then((result) => result.usersStatistics),
    retry: retryLive,
  });

export const useRatingStory = () => useQuery(ratingStoryQuery());
export const useRatingStatistic = (range: StatisticRange) => useQuery(ratingStatisticQuery(range));
export const useRatingTop = (period: RatingTopPeriod) => useQuery(ratingTopQuery(period));
