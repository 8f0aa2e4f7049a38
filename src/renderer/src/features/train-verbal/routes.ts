import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const trainVerbalRoutes: FeatureRoutes = {
  trains: [
    { path: 'trains_verbal', lazy: () => import('./TrainVerbalPage').then((m) => ({ Component: m.TrainVerbalPage })), handle: { title: ruTitles.trainsVerbal, group: 'trains', link: 'trains_verbal' } satisfies RouteHandle },
  ],
};
