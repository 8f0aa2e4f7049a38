import type { Hono } from 'hono';
import type { Migration } from 'kysely';
import type { AppEnv } from '../contract/http-router';
import type { Implementation } from '../contract/implement';
import type { Subscriber } from '../events/subscriber';
import type { JobDefinition } from '../jobs/job';
import type { Services } from '../services';
import type { DomainModule } from '../domain-module';
import { authDomain } from './auth/module';
import { accountDomain } from './account/module';
import { shellDomain } from './shell/module';
import { adminDomain } from './admin/module';
import { calendarDomain } from './calendar/module';
import { ratingDomain } from './rating/module';
import { preferencesDomain } from './preferences/module';
import { financesDomain } from './finances/module';
import { materialsDomain } from './materials/module';
import { courseDomain } from './course/module';
import { homeworkP1Domain } from './homework-p1/module';
import { homeworkP2Domain } from './homework-p2/module';
import { curatorHomeworkDomain } from './curator-homework/module';
import { creditsDomain } from './credits/module';
import { videoDomain } from './video/module';
import { videoAdminDomain } from './video-admin/module';
import { videoMediaDomain } from './video-media/module';
import { trainP1Domain } from './train-p1/module';
import { trainP2Domain } from './train-p2/module';
import { questionBankAdminDomain } from './question-bank-admin/module';
import { questionBankP2Domain } from './question-bank-p2/module';
import { crmDomain } from './crm/module';
import { ticketsDomain } from './tickets/module';
import { mailingsDomain } from './mailings/module';
import { filesDomain } from './files/module';
import { schoolStatsDomain } from './school-stats/module';
import { knowledgeDomain } from './knowledge/module';
import { assistantDomain } from './assistant/module';
import { videoChatDomain } from './video-chat/module';
import { trainVerbalDomain } from './train-verbal/module';
import { trainSignsDomain } from './train-signs/module';
import { standardsDomain } from './standards/module';
import { textbooksDomain } from './textbooks/module';
import { petDomain } from './pet/module';
import { decideFirstDomain } from './decide-first/module';
import { documentsDomain } from './documents/module';
import { mountCoursePackages } from './course/package/routes';
import { storageVideoSources } from './video-media/package-sources';
import { modelBudgetDomain } from './model-budget/module';
import { learningDomain } from './learning/module';
import { reviewsDomain } from './reviews/module';
import { planDomain } from './plan/module';

/**
 * Every server domain. A new domain writes its `module.ts` (see domain-module.ts) and adds it
 * here; nothing else on the server lists domains (README «Домены»).
 */
export const domainModules: readonly DomainModule[] = [
  authDomain,
  accountDomain,
  shellDomain,
  adminDomain,
  calendarDomain,
  ratingDomain,
  preferencesDomain,
  financesDomain,
  materialsDomain,
  courseDomain,
  homeworkP1Domain,
  homeworkP2Domain,
  curatorHomeworkDomain,
  creditsDomain,
  videoDomain,
  videoAdminDomain,
  videoMediaDomain,
  trainP1Domain,
  trainP2Domain,
  questionBankAdminDomain,
  questionBankP2Domain,
  crmDomain,
  ticketsDomain,
  mailingsDomain,
  filesDomain,
  schoolStatsDomain,
  knowledgeDomain,
  assistantDomain,
  videoChatDomain,
  trainVerbalDomain,
  trainSignsDomain,
  standardsDomain,
  textbooksDomain,
  // Before the pet: a day the plan counts in a work's transaction is rewarded in the same one.
  planDomain,
  petDomain,
  decideFirstDomain,
  documentsDomain,
  modelBudgetDomain,
  learningDomain,
  reviewsDomain,
];

/** Every implemented call. The cast forgets each handler's own input type: the pipeline validates input before calling it. */
export const implementations = domainModules.flatMap((domain) => domain.handlers ?? []) as readonly Implementation[];

/** The domains' job kinds (the job runner adds its own housekeeping, server/jobs/index.ts). */
export const domainJobs: readonly JobDefinition[] = domainModules.flatMap((domain) => domain.jobs ?? []);

/** The domains' event subscribers, in list order (the order they run in for one event). */
export const domainSubscribers: readonly Subscriber[] = domainModules.flatMap((domain) => domain.subscribers ?? []);

/** The domains' routes outside the call pipeline, in list order. */
export function mountDomainRoutes(app: Hono<AppEnv>, services: Services): void {
  for (const domain of domainModules) domain.mount?.(app, services);
  // Course packages carry video sources, which only the video domain stores and transcodes.
  mountCoursePackages(app, services, storageVideoSources(services.storage));
}

/** Migrations domains carry themselves, by name; a name used twice is a programming error caught at start. */
export const domainMigrations: Readonly<Record<string, Migration>> = Object.fromEntries(
  domainModules.flatMap((domain) => Object.entries(domain.migrations ?? {})),
);

/** The domains' demo seed steps, in list order. */
export const domainSeedSteps = domainModules.flatMap((domain) => (domain.seedDemo ? [domain.seedDemo] : []));
