import { queryOptions } from '@tanstack/react-query';
import { getLessonCard } from '@shared/contract/course';
import { api } from '../../lib/api';

/** The roadmap's queries, each key written once. */
export const courseQueries = {
  /** One lesson's card (videos, homework, credits) for the lesson popup; a refusal is shown, not retried. */
  lessonCard: (lessonNum: number | null) =>
    queryOptions({
      queryKey: ['lessonCard', lessonNum],
      queryFn: ({ signal }) => api.call(getLessonCard, { lessonNum: lessonNum ?? 0 }, { handleErrors: true, signal }),
      enabled: lessonNum !== null,
      retry: false,
    }),
};
