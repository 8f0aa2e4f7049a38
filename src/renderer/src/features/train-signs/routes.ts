import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const trainSignsRoutes: FeatureRoutes = {
  trains: [
    { path: 'train_priznaki', lazy: () => import('./TrainSignsPage').then((m) => ({ Component: m.TrainSignsPage })), handle: { title: ruTitles.trainPriznaki, group: 'trains', link: 'train_priznaki' } satisfies RouteHandle },
  ],
};
