import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const questionBankP2BackOffice: BackOfficeRoutes = {
  questions: [
    { path: 'p2', lazy: () => import('./QuestionsP2Page').then((m) => ({ Component: m.QuestionsP2Page })), handle: { title: ruTitles.p2, group: 'questions', link: 'p2' } satisfies RouteHandle },
    { path: 'zach_verbal', lazy: () => import('./CreditQuestionsPage').then((m) => ({ Component: m.CreditQuestionsPage })), handle: { title: ruTitles.zachVerbal, group: 'questions', link: 'zach_verbal' } satisfies RouteHandle },
  ],
};
