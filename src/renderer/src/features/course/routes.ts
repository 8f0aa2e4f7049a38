import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const courseRoutes: FeatureRoutes = {
  shell: [
    {
      path: 'roadmap',
      lazy: () => import('./RoadmapPage').then((m) => ({ Component: m.RoadmapPage })),
      handle: { title: ruTitles.roadmap, wide: true } satisfies RouteHandle,
      children: [
        {
          // Named 'lesson': the popup over the road; the bars are hidden while it is open.
          path: ':lessonNum',
          lazy: () => import('./LessonPopup').then((m) => ({ Component: m.LessonPopup })),
          handle: { title: ruTitles.lesson, bare: true } satisfies RouteHandle,
        },
      ],
    },
  ],
};
