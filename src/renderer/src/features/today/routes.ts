import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const todayRoutes: FeatureRoutes = {
  shell: [{ path: 'today', lazy: () => import('./TodayPage').then((m) => ({ Component: m.TodayPage })), handle: { title: ruTitles.today } satisfies RouteHandle }],
};
