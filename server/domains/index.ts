import type { Implementation } from '../contract/implement';
import { accountHandlers } from './account/handlers';
import { adminHandlers } from './admin/handlers';
import { documentsAdminHandlers } from './admin/documents-handlers';
import { adminSettingsHandlers, tariffHandlers } from './admin/settings-handlers';
import { authHandlers } from './auth/handlers';
import { calendarHandlers } from './calendar/handlers';
import { courseHandlers } from './course/handlers';
import { creditsHandlers } from './credits/handlers';
import { curatorHomeworkHandlers } from './curator-homework/handlers';
import { decideFirstHandlers } from './decide-first/handlers';
import { documentsHandlers } from './documents/handlers';
import { financesHandlers } from './finances/handlers';
import { homeworkP1Handlers } from './homework-p1/handlers';
import { homeworkP2Handlers } from './homework-p2/handlers';
import { trainP1Handlers } from './train-p1/handlers';
import { trainP2Handlers } from './train-p2/handlers';
import { materialsHandlers } from './materials/handlers';
import { questionBankAdminHandlers } from './question-bank-admin/handlers';
import { creditQuestionHandlers } from './question-bank-p2/credit-handlers';
import { questionBankP2Handlers } from './question-bank-p2/handlers';
import { preferencesHandlers } from './preferences/handlers';
import { ratingHandlers } from './rating/handlers';
import { shellHandlers } from './shell/handlers';
import { standardsHandlers } from './standards/handlers';
import { textbooksHandlers } from './textbooks/handlers';
import { videoAdminHandlers } from './video-admin/handlers';
import { videoHandlers } from './video/handlers';
import { crmHandlers } from './crm/handlers';
import { ticketsHandlers } from './tickets/handlers';
import { mailingsHandlers } from './mailings/handlers';
import { filesHandlers } from './files/handlers';
import { schoolStatsHandlers } from './school-stats/handlers';
import { knowledgeHandlers } from './knowledge/handlers';
import { assistantHandlers } from './assistant/handlers';
import { petHandlers } from './pet/handlers';
import { videoChatHandlers } from './video-chat/handlers';
import { trainVerbalHandlers } from './train-verbal/handlers';
import { trainSignsHandlers } from './train-signs/handlers';

/** Every implemented call. Each domain folder exports its own list. */
export const implementations: readonly Implementation[] = [
  ...authHandlers,
  ...accountHandlers,
  ...shellHandlers,
  ...adminHandlers,
  ...adminSettingsHandlers,
  ...tariffHandlers,
  ...calendarHandlers,
  ...ratingHandlers,
  ...preferencesHandlers,
  ...financesHandlers,
  ...materialsHandlers,
  ...courseHandlers,
  ...homeworkP1Handlers,
  ...homeworkP2Handlers,
  ...curatorHomeworkHandlers,
  ...creditsHandlers,
  ...videoHandlers,
  ...videoAdminHandlers,
  ...trainP1Handlers,
  ...trainP2Handlers,
  ...questionBankAdminHandlers,
  ...questionBankP2Handlers,
  ...creditQuestionHandlers,
  ...crmHandlers,
  ...ticketsHandlers,
  ...mailingsHandlers,
  ...filesHandlers,
  ...schoolStatsHandlers,
  ...knowledgeHandlers,
  ...assistantHandlers,
  ...videoChatHandlers,
  ...trainVerbalHandlers,
  ...trainSignsHandlers,
  ...standardsHandlers,
  ...textbooksHandlers,
  ...petHandlers,
  ...decideFirstHandlers,
  ...documentsHandlers,
  ...documentsAdminHandlers,
] as Implementation[];
