import * as finances from '../../../src/shared/contract/finances';
import { implement } from '../../contract/implement';
import { buyExtraLessonSection, listExtraLessonSections } from './extra-lessons';

/** Shell §7.2 extra recorded lessons; the contracts admit only Куратор, Интенсив and Админ (§6). */
export const extraLessonHandlers = [
  implement(finances.getIntensivRazdelsLessonsInfo, async (ctx) => ({
    razdelsInfo: await listExtraLessonSections(ctx.services.db, ctx.user.id),
  })),

  implement(finances.buyIntensivRazdelLesson, async (ctx, { razdelNum }) => {
    await buyExtraLessonSection(ctx.services.db, ctx.services.dialect, ctx.user.id, razdelNum, ctx.services.clock.now());
    return {};
  }),
];
