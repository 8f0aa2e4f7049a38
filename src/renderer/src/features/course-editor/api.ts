import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getBankChoices, getCourse, getEditorLesson, getVideoChoices, previewLessonCard, previewRoad } from '@shared/contract/course-editor';
import type { UserType } from '@shared/domain/user-types';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'courseEditor';

/** The course editor's queries (live calls), each key written once. */
export const courseEditorQueries = {
  /** Chapters with their lessons; every edit refreshes it. */
  course: () => queryOptions({ queryKey: [ROOT, 'course'], queryFn: () => liveRequest(getCourse, {}), retry: retryLive }),
  /** One lesson in full: fields, videos, homework, credits. */
  lesson: (number: number) => queryOptions({ queryKey: [ROOT, 'lesson', number], queryFn: () => liveRequest(getEditorLesson, { number }), retry: retryLive }),
  /** Videos of the video admin a lesson may take. */
  videoChoices: () => queryOptions({ queryKey: [ROOT, 'videoChoices'], queryFn: () => liveRequest(getVideoChoices, {}), retry: retryLive }),
  /** What the bank offers a homework of this lesson. */
  bankChoices: (lessonNum: number) =>
    queryOptions({ queryKey: [ROOT, 'bankChoices', lessonNum], queryFn: () => liveRequest(getBankChoices, { lessonNum }), retry: retryLive }),
  /** The road as a student of this type sees it. */
  previewRoad: (userType: UserType) =>
    queryOptions({ queryKey: [ROOT, 'previewRoad', userType], queryFn: () => liveRequest(previewRoad, { userType }), retry: retryLive }),
  /** A lesson card as a student of this type sees it. */
  previewCard: (userType: UserType, lessonNum: number) =>
    queryOptions({ queryKey: [ROOT, 'previewCard', userType, lessonNum], queryFn: () => liveRequest(previewLessonCard, { userType, lessonNum }), retry: retryLive }),
};

/** After any edit: everything the editor shows may have changed (counts, order, previews). */
export function refreshCourse(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [ROOT] });
}
