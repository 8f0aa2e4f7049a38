import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const financesRoutes: FeatureRoutes = {
  main: [
    { path: 'finances', lazy: () => import('./FinancesPage').then((m) => ({ Component: m.FinancesPage })), handle: { title: ruTitles.finances, group: 'main', link: 'finances' } satisfies RouteHandle },
  ],
};
