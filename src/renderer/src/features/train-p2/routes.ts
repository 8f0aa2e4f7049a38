import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const trainP2Routes: FeatureRoutes = {
  trains: [
    { path: 'trains_p2', lazy: () => import('./TrainP2Page').then((m) => ({ Component: m.TrainP2Page })), handle: { title: ruTitles.trainsP2, group: 'trains', link: 'trains_p2' } satisfies RouteHandle },
  ],
};
