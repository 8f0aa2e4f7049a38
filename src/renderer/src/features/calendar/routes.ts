import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const calendarRoutes: FeatureRoutes = {
  main: [
    { path: 'calendar', lazy: () => import('./CalendarPage').then((m) => ({ Component: m.CalendarPage })), handle: { title: ruTitles.calendar, group: 'main', link: 'calendar' } satisfies RouteHandle },
  ],
};
