import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const ratingRoutes: FeatureRoutes = {
  main: [
    { path: 'ratings', lazy: () => import('./RatingsPage').then((m) => ({ Component: m.RatingsPage })), handle: { title: ruTitles.ratings, group: 'main', link: 'ratings' } satisfies RouteHandle },
  ],
};
