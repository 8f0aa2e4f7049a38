import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { userKeyField } from './crm';

/**
 * The learning model (issue 38, ARCHITECTURE §5a): the ЕГЭ forecast built from mastery per exam
 * element. Our extension. A student reads her own forecast (userKey empty); a curator reads their
 * own students', an admin or a main manager everyone's (server/auth/student-scope.ts).
 */

export const LEARNING_TEXTS = {
  lowData: 'мало данных',
  notFound: 'Пользователь не найден.',
} as const;

const element = z.object({ code: z.string(), name: z.string(), gain: z.number(), mastery: z.number().int() });

export const getExamForecast = http('/app/api/progress/get_exam_forecast.php', {
  input: z.object({ userKey: z.union([z.literal(''), userKeyField]).default('') }),
  output: z.object({
    /** '1' when the forecast rests on enough answers; '0' shows «мало данных» instead of numbers. */
    enoughData: z.enum(['0', '1']),
    /** «мало данных» when enoughData is '0', '' otherwise. */
    note: z.string(),
    answers: z.number().int(),
    minAnswers: z.number().int(),
    testScore: z.number().int().nullable(),
    testLow: z.number().int().nullable(),
    testHigh: z.number().int().nullable(),
    primary: z.number().nullable(),
    primaryLow: z.number().int().nullable(),
    primaryHigh: z.number().int().nullable(),
    maxPrimary: z.number().int(),
    /** The exam year whose conversion table was used. */
    scaleYear: z.number().int().nullable(),
    goal: z.number().int().nullable(),
    tasks: z.array(z.object({ taskNum: z.number().int(), maxPoints: z.number().int(), expected: z.number().nullable() })),
    /** The three elements whose mastery would raise the forecast most. */
    raise: z.array(element),
  }),
  access: access.signedIn,
  extension: true,
});
