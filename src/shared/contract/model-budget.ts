import { z } from 'zod';
import { access } from './access';
import { live } from './core';
import { noInput } from './fields';

/**
 * The daily budget of paid model calls: assistant questions answered by the
 * model and AI checks of part 2 training draw on one budget per user and one for the whole
 * school, per Moscow calendar day (MODEL_CALLS_PER_USER_DAY, MODEL_CALLS_PER_SCHOOL_DAY). Our
 * extension; the admins read the day's use on the settings page. Server: server/model-budget
 * (counting) and server/domains/model-budget (this call).
 */

/** What a refused request reads when a budget of the day is spent. */
export const MODEL_BUDGET_TEXTS = {
  userSpent: (limit: number) =>
    `Лимит обращений к ИИ на сегодня исчерпан: не больше ${limit} в день (вопросы ИИ-помощнику и проверки ИИ вместе). Попробуйте завтра.`,
  schoolSpent: 'Лимит обращений к ИИ на сегодня для всей школы исчерпан. Попробуйте завтра.',
} as const;

/** How many of the day's heaviest users the admins see. */
export const TOP_USERS = 10;

export const getModelBudgetUsage = live('/model_budget/get_usage', {
  input: noInput,
  output: z.object({
    /** The Moscow day counted, 'YYYY-MM-DD'. */
    day: z.string(),
    perUserLimit: z.number().int(),
    schoolLimit: z.number().int(),
    schoolCalls: z.number().int(),
    /** Users with calls today, most first (at most TOP_USERS). */
    topUsers: z.array(z.object({ userId: z.number().int(), fullName: z.string(), calls: z.number().int() })),
  }),
  access: access.types('Админ'),
  extension: true,
});
