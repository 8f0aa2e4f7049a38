import { course } from '../../../src/shared/contract';
import { LESSON_CLOSED, LESSON_NOT_FOUND } from '../../../src/shared/contract/course';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { groupByChapter, loadLessons } from './lesson-road';

/** Handlers of the lesson road, one per contract in src/shared/contract/course.ts. */
export const courseHandlers = [
  implement(course.getLessonsRoad, async (ctx) => {
    const lessons = await loadLessons(ctx.services.db, ctx.user, ctx.services.clock.now());
    return { dataArrayArray: groupByChapter(lessons) };
  }),

  implement(course.getLessonCard, async (ctx, { lessonNum }) => {
    const [lesson] = await loadLessons(ctx.services.db, ctx.user, ctx.services.clock.now(), lessonNum);
    if (!lesson) fail(LESSON_NOT_FOUND);
    if (lesson.road.status === 0) fail(LESSON_CLOSED);
    return { lesson: lesson.road, ...lesson.card };
  }),
];
