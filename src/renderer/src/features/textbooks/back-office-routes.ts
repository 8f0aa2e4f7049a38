import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const textbooksBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'textbooks', lazy: () => import('./TextbooksPage').then((m) => ({ Component: m.TextbooksPage })), handle: { title: ruTitles.textbooks, group: 'curator', link: 'textbooks' } satisfies RouteHandle },
  ],
};
