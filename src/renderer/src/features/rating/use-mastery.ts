import { useQuery } from '@tanstack/react-query';
import { chapterStatisticsQuery, studyRatingQuery } from './api';

/** The caller's mastery of each chapter, computed by the server from their answers. */
export const useChapterStatistics = () => useQuery(chapterStatisticsQuery());

/** Students ranked by the share of the course they solved. */
export const useStudyRating = () => useQuery(studyRatingQuery());
