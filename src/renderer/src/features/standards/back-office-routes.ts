import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const standardsBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'standards', lazy: () => import('./StandardsPage').then((m) => ({ Component: m.StandardsPage })), handle: { title: ruTitles.standards, group: 'curator', link: 'standards' } satisfies RouteHandle },
  ],
};
