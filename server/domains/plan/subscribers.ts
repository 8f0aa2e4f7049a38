import { answerScored, creditPassed, homeworkPartFinished, subscribe } from '../../events';
import { recountToday } from './today';

/**
 * Finished or scored work may complete today's minimum: the day is counted in the same
 * transaction, so the pet's reward for the day (its subscriber runs after this one) sees it.
 */
export const planSubscribers = [
  subscribe({ event: homeworkPartFinished, name: 'plan: count the day', inTransaction: async (trx, { userId }, { now }) => void (await recountToday(trx, userId, now)) }),
  subscribe({ event: creditPassed, name: 'plan: count the day', inTransaction: async (trx, { userId }, { now }) => void (await recountToday(trx, userId, now)) }),
  subscribe({ event: answerScored, name: 'plan: count the day', inTransaction: async (trx, { userId }, { now }) => void (await recountToday(trx, userId, now)) }),
];
