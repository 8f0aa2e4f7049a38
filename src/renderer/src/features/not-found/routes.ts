import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const notFoundRoutes: FeatureRoutes = {
  outside: [
    {
      path: '*',
      lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      handle: { title: ruTitles.notFound, bare: true } satisfies RouteHandle,
    },
  ],
};
