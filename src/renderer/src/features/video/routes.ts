import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const videoRoutes: FeatureRoutes = {
  shell: [
    {
      path: 'video_lesson/:videoId?',
      lazy: () => import('./VideoLessonPage').then((m) => ({ Component: m.VideoLessonPage })),
      handle: { title: ruTitles.videoLessonVideoId } satisfies RouteHandle,
    },
  ],
};
