import * as account from './account';
import * as admin from './admin';
import * as auth from './auth';
import * as calendar from './calendar';
import * as course from './course';
import * as courseEditor from './course-editor';
import * as credits from './credits';
import * as curatorHomework from './curator-homework';
import * as decideFirst from './decide-first';
import * as documents from './documents';
import type { AnyContract } from './core';
import * as finances from './finances';
import * as homeworkP1 from './homework-p1';
import * as homeworkP2 from './homework-p2';
import * as materials from './materials';
import * as modelBudget from './model-budget';
import * as preferences from './preferences';
import * as questionBankAdmin from './question-bank-admin';
import * as questionBankP2 from './question-bank-p2';
import * as rating from './rating';
import * as shell from './shell';
import * as standards from './standards';
import * as trainP1 from './train-p1';
import * as trainP2 from './train-p2';
import * as pet from './pet';
import * as trainVerbal from './train-verbal';
import * as trainSigns from './train-signs';
import * as video from './video';
import * as videoMedia from './video-media';
import * as videoAdmin from './video-admin';
import * as crm from './crm';
import * as tickets from './tickets';
import * as mailings from './mailings';
import * as files from './files';
import * as schoolStats from './school-stats';
import * as knowledge from './knowledge';
import * as learning from './learning';
import * as reviews from './reviews';
import * as plan from './plan';
import * as assistant from './assistant';
import * as videoChat from './video-chat';
import * as textbooks from './textbooks';

export * from './access';
export * from './core';

/** Every declared call and push, for the server's registry and the generic tests. */
export const allContracts: readonly AnyContract[] = [
  auth,
  account,
  shell,
  admin,
  calendar,
  rating,
  preferences,
  finances,
  materials,
  course,
  courseEditor,
  homeworkP1,
  homeworkP2,
  curatorHomework,
  credits,
  video,
  videoMedia,
  videoAdmin,
  trainP1,
  trainP2,
  questionBankAdmin,
  questionBankP2,
  crm,
  tickets,
  mailings,
  files,
  schoolStats,
  knowledge,
  learning,
  plan,
  assistant,
  videoChat,
  trainVerbal,
  trainSigns,
  standards,
  textbooks,
  pet,
  decideFirst,
  documents,
  modelBudget,
  reviews,
].flatMap((module) =>
  Object.values(module).filter(
    (value): value is AnyContract =>
      typeof value === 'object' && value !== null && 'kind' in value && 'path' in value,
  ),
);

export { crm, documents, files, learning, plan, mailings, modelBudget, questionBankP2, reviews, schoolStats, tickets };
export { account, admin, auth, calendar, course, courseEditor, credits, curatorHomework, decideFirst, finances, homeworkP1, homeworkP2, materials, preferences, questionBankAdmin, rating, shell, standards, textbooks, trainP1, trainP2, video, videoAdmin, videoMedia, knowledge, assistant, videoChat, trainVerbal, trainSigns, pet };
