import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const accountRoutes: FeatureRoutes = {
  main: [
    { path: 'lk', lazy: () => import('./AccountPage').then((m) => ({ Component: m.AccountPage })), handle: { title: ruTitles.lk, group: 'main', link: 'lk' } satisfies RouteHandle },
  ],
};
