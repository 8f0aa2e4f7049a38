import { creditSource } from './credits';
import { homeworkSource } from './homework';
import { nextVideoSource } from './next-video';
import { oralCreditSource } from './oral-credits';
import type { PlanSource } from './source';
import { weakElementSource } from './weak-elements';

/**
 * Where today's items come from, one small module each (see source.ts). To add a source — e.g.
 * due reviews (server/learning/review-cards.ts, rank PLAN_RANKS.review, link '/reviews') — write
 * `sources/<name>.ts` exporting a PlanSource and list it here; nothing else changes.
 */
export const PLAN_SOURCES: readonly PlanSource[] = [homeworkSource, creditSource, oralCreditSource, nextVideoSource, weakElementSource];
