import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const trainP1Routes: FeatureRoutes = {
  trains: [
    { path: 'trains_p1', lazy: () => import('./TrainP1Page').then((m) => ({ Component: m.TrainP1Page })), handle: { title: ruTitles.trainsP1, group: 'trains', link: 'trains_p1' } satisfies RouteHandle },
  ],
};
