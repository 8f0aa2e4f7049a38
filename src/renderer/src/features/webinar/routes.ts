import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const webinarRoutes: FeatureRoutes = {
  shell: [
    {
      path: 'webinar',
      lazy: () => import('./WebinarPage').then((m) => ({ Component: m.WebinarPage })),
      handle: { title: ruTitles.webinar } satisfies RouteHandle,
    },
  ],
};
