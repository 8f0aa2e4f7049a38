import { queryOptions } from '@tanstack/react-query';
import { getVideoLesson } from '@shared/contract/video';
import { api } from '../../lib/api';

/** The video lesson's queries, each key written once. */
export const videoQueries = {
  /** One video lesson with the student's marks; kept while the page is open (its own toggles refresh it). */
  lesson: (videoId: number) =>
    queryOptions({
      queryKey: ['videoLesson', videoId],
      queryFn: ({ signal }) => api.call(getVideoLesson, { videoId }, { handleErrors: true, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};
