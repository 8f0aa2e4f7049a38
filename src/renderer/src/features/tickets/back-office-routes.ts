import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const ticketsBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'questionsDz', lazy: () => import('./QuestionsDzPage').then((m) => ({ Component: m.QuestionsDzPage })), handle: { title: ruTitles.questionsDz, group: 'curator', link: 'questionsDz' } satisfies RouteHandle },
  ],
};
