import { z } from 'zod';
import { defineEvent } from './event';

/**
 * The facts domains state for others (ARCHITECTURE §2 «Domain events»). A publisher states what
 * happened in its own words; what follows from it (cookies, rating, …) is the subscribers' business.
 */

const userId = z.number().int().positive();
const at = z.number().int().nonnegative();

/** A homework part is done: part 1 finished (all answered, time up or deadline) or part 2 submitted. */
export const homeworkPartFinished = defineEvent(
  'homework-part-finished',
  z.object({ userId, htNum: z.number().int(), isDop: z.union([z.literal(0), z.literal(1)]), part: z.union([z.literal(1), z.literal(2)]), at }),
);

/** An automatic credit was passed (its attempt ended with few enough errors). */
export const creditPassed = defineEvent('credit-passed', z.object({ userId, creditNum: z.number().int(), at }));

/**
 * One answer of a training was scored. `source` names the answer (kind and id, unique per answer);
 * `question` is the bank question answered, when it was one; `rating` is the change the training's
 * own rule gives this answer (tenths of a point and the history text), when it gives one.
 */
export const answerScored = defineEvent(
  'answer-scored',
  z.object({
    userId,
    source: z.object({ kind: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), id: z.string().min(1).max(200) }),
    question: z.object({ part: z.union([z.literal(1), z.literal(2)]), id: z.number().int() }).nullable(),
    points: z.number(),
    maxPoints: z.number(),
    rating: z.object({ tenths: z.number().int(), comment: z.string().max(500) }).nullable(),
    at,
  }),
);
