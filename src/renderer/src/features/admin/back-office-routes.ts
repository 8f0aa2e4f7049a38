import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const adminBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'change-variables', lazy: () => import('./ChangeVariablesPage').then((m) => ({ Component: m.ChangeVariablesPage })), handle: { title: ruTitles.changeVariables, group: 'curator', link: 'change-variables' } satisfies RouteHandle },
  ],
};
