import { creditSource } from './credits';
import { homeworkSource } from './homework';
import { nextVideoSource } from './next-video';
import { oralCreditSource } from './oral-credits';
import { reviewSource } from './reviews';
import type { PlanSource } from './source';
import { weakElementSource } from './weak-elements';

/**
 * Where today's items come from, one small module each (see source.ts). To add a source, write
 * `sources/<name>.ts` exporting a PlanSource and list it here; nothing else changes.
 */
export const PLAN_SOURCES: readonly PlanSource[] = [homeworkSource, creditSource, oralCreditSource, reviewSource, nextVideoSource, weakElementSource];
