import { LESSON_CLOSED, LESSON_NOT_FOUND } from '../../../../src/shared/contract/course';
import type { UserType } from '../../../../src/shared/domain/user-types';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';
import { groupByChapter, loadLessons, type RoadViewer } from '../lesson-road';

/**
 * «Посмотреть как ученик»: the road and the lesson card computed by the students' own code for a
 * new student of the chosen type, one with no progress at all (an id no row has), so the editor
 * sees exactly what such a student would see now.
 */
const newStudent = (type: UserType): RoadViewer => ({ id: -1, type });

export async function previewRoad(db: Db, type: UserType, now: number) {
  return { dataArrayArray: groupByChapter(await loadLessons(db, newStudent(type), now)) };
}

/** The card as that student gets it: refused with the student's own message when they could not open it. */
export async function previewLessonCard(db: Db, type: UserType, lessonNum: number, now: number) {
  const [lesson] = await loadLessons(db, newStudent(type), now, lessonNum);
  if (!lesson) fail(LESSON_NOT_FOUND);
  if (lesson.road.status === 0) fail(LESSON_CLOSED);
  return { lesson: lesson.road, ...lesson.card };
}
