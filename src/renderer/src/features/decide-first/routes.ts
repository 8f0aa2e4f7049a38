import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const decideFirstRoutes: FeatureRoutes = {
  trains: [
    { path: 'decide-first', lazy: () => import('./DecideFirstPage').then((m) => ({ Component: m.DecideFirstPage })), handle: { title: ruTitles.decideFirst, group: 'trains', link: 'decide-first' } satisfies RouteHandle },
  ],
};
