import type { PlanItemKind } from '../../../../src/shared/contract/plan';
import type { UserType } from '../../../../src/shared/domain/user-types';
import type { Db } from '../../../db';

/** What every source knows about the student and her day. */
export interface SourceContext {
  db: Db;
  userId: number;
  userType: UserType;
  /** When her account was created: deadlines before it are not hers. */
  joinedAt: number;
  now: number;
  /** The Moscow day's number and its bounds (epoch ms). */
  day: number;
  dayStart: number;
  dayEnd: number;
}

/**
 * Where an item stands in the day: work with a deadline first (soonest first), then due reviews,
 * then the course's next step, then the weak elements (most forecast gain first).
 */
export const PLAN_RANKS = { deadline: 0, review: 1, course: 2, weak: 3 } as const;

/** One piece of work a source proposes for today. */
export interface PlanCandidate {
  /** Unique and stable for the same work: the source reads it back to tell whether it is done. */
  id: string;
  kind: PlanItemKind;
  title: string;
  minutes: number;
  why: string;
  link: string;
  rank: (typeof PLAN_RANKS)[keyof typeof PLAN_RANKS];
  /** Order inside the rank: a deadline's instant, minus a weak element's gain, … (smaller first). */
  order: number;
}

/**
 * One source of today's items (server/domains/plan/sources/index.ts lists them). `candidates`
 * proposes work not yet done; `doneIds` tells which of the ids it proposed earlier (maybe on an
 * earlier read today) are done now, so items tick themselves from the work itself.
 */
export interface PlanSource {
  /** Unique name, stored with each chosen item so the same source checks it later. */
  name: string;
  candidates(context: SourceContext): Promise<PlanCandidate[]>;
  doneIds(context: SourceContext, ids: readonly string[]): Promise<Set<string>>;
}

/** «дедлайн сегодня / завтра / через 3 дн.», or overdue, in the student's words. */
export function deadlineWhy(deadline: number, context: SourceContext): string {
  if (deadline < context.now) return 'срок прошёл — сдай как можно скорее';
  const days = Math.floor((deadline - context.dayStart) / 86_400_000);
  if (days <= 0) return 'дедлайн сегодня';
  if (days === 1) return 'дедлайн завтра';
  return `дедлайн через ${days} дн.`;
}

/** Deadlines this far ahead come into today's plan; later ones wait. */
export const DEADLINE_HORIZON_DAYS = 7;

/** Whether a deadline belongs in today's plan: hers (after she joined), overdue or within the horizon. */
export function deadlineInPlan(deadline: number | null, context: SourceContext): deadline is number {
  return deadline !== null && deadline >= context.joinedAt && deadline <= context.dayEnd + DEADLINE_HORIZON_DAYS * 86_400_000;
}

/** Ids look like 'hw:12:1': the numbers after the prefix. */
export function idNumbers(id: string): number[] {
  return id.split(':').slice(1).map(Number);
}
