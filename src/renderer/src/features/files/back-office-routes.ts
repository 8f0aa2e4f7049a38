import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const filesBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'files', lazy: () => import('./FilesPage').then((m) => ({ Component: m.FilesPage })), handle: { title: ruTitles.files, group: 'curator', link: 'files' } satisfies RouteHandle },
  ],
};
