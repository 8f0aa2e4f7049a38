import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const questionBankAdminBackOffice: BackOfficeRoutes = {
  questions: [
    { path: 'p1', lazy: () => import('./QuestionsP1Page').then((m) => ({ Component: m.QuestionsP1Page })), handle: { title: ruTitles.p1, group: 'questions', link: 'p1' } satisfies RouteHandle },
  ],
};
