import type { RouteObject } from 'react-router';
import type { BackOfficeRoutes } from '../lib/feature-routes';
import { withErrorBoundaries } from './RouteError';
import { adminBackOffice } from '../features/admin/back-office-routes';
import { creditsBackOffice } from '../features/credits/back-office-routes';
import { courseEditorBackOffice } from '../features/course-editor/back-office-routes';
import { crmBackOffice } from '../features/crm/back-office-routes';
import { curatorHomeworkBackOffice } from '../features/curator-homework/back-office-routes';
import { filesBackOffice } from '../features/files/back-office-routes';
import { knowledgeBackOffice } from '../features/knowledge/back-office-routes';
import { mailingsBackOffice } from '../features/mailings/back-office-routes';
import { questionBankAdminBackOffice } from '../features/question-bank-admin/back-office-routes';
import { questionBankP2BackOffice } from '../features/question-bank-p2/back-office-routes';
import { schoolStatsBackOffice } from '../features/school-stats/back-office-routes';
import { standardsBackOffice } from '../features/standards/back-office-routes';
import { textbooksBackOffice } from '../features/textbooks/back-office-routes';
import { ticketsBackOffice } from '../features/tickets/back-office-routes';
import { videoAdminBackOffice } from '../features/video-admin/back-office-routes';

/** Every feature with back-office screens (lib/feature-routes.ts). */
const features: BackOfficeRoutes[] = [adminBackOffice, courseEditorBackOffice, creditsBackOffice, crmBackOffice, curatorHomeworkBackOffice, filesBackOffice, knowledgeBackOffice, mailingsBackOffice, questionBankAdminBackOffice, questionBankP2BackOffice, schoolStatsBackOffice, standardsBackOffice, textbooksBackOffice, ticketsBackOffice, videoAdminBackOffice];

const slot = (name: keyof BackOfficeRoutes): RouteObject[] => features.flatMap((feature) => feature[name] ?? []);

/** The curator layout's screens (back-office §2.1), patched under it by the router on the first visit. */
export const backOfficeRoutes: RouteObject[] = withErrorBoundaries([
  ...slot('curator'),
  {
    path: 'questions',
    lazy: () => import('../features/back-office/QuestionsLayout').then((m) => ({ Component: m.QuestionsLayout })),
    children: [{ index: true, lazy: () => import('../features/back-office/QuestionsLayout').then((m) => ({ Component: m.QuestionsEntry })) }, ...slot('questions')],
  },
]);
