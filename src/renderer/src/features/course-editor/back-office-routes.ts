import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** The course editor «Курс», loaded with the back office (app/back-office-routes.ts). */
export const courseEditorBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'course', lazy: () => import('./CourseEditorPage').then((m) => ({ Component: m.CourseEditorPage })), handle: { title: ruTitles.course, group: 'curator', link: 'course' } satisfies RouteHandle },
    {
      path: 'course/:lessonNum',
      lazy: () => import('./LessonEditorPage').then((m) => ({ Component: m.LessonEditorPage })),
      handle: { title: ruTitles.courseLesson, group: 'curator', link: 'course' } satisfies RouteHandle,
    },
  ],
};
