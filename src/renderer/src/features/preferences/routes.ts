import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const preferencesRoutes: FeatureRoutes = {
  main: [
    { path: 'poleznoe', lazy: () => import('./FeedbackPage').then((m) => ({ Component: m.FeedbackPage })), handle: { title: ruTitles.poleznoe, group: 'main', link: 'poleznoe' } satisfies RouteHandle },
    { path: 'nearby_people', lazy: () => import('./NearbyPeoplePage').then((m) => ({ Component: m.NearbyPeoplePage })), handle: { title: ruTitles.nearbyPeople, group: 'main', link: 'nearby_people' } satisfies RouteHandle },
    { path: 'settings', lazy: () => import('./SettingsPage').then((m) => ({ Component: m.SettingsPage })), handle: { title: ruTitles.settings, group: 'main', link: 'settings' } satisfies RouteHandle },
  ],
};
