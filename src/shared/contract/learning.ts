import { z } from 'zod';
import { access } from './access';
import { download, http } from './core';
import { userKeyField } from './crm';

/**
 * The learning model (ARCHITECTURE §5a): the ЕГЭ forecast built from mastery per exam
 * element. Our extension. A student reads her own forecast (userKey empty); a curator reads their
 * own students', an admin or a main manager everyone's (server/auth/student-scope.ts).
 */

export const LEARNING_TEXTS = {
  lowData: 'мало данных',
  notFound: 'Пользователь не найден.',
  curatorNotFound: 'Куратор не найден.',
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

// ——— Curators: the CRM card's learning block and the «Группа» view ———

/** Who reads students' learning: the same rule as the students list (a student is refused). */
const studentLookers = access.icon('users');

/** At most this many students in one group call: each costs one forecast (~5–10 ms of sampling). */
export const GROUP_MAX_STUDENTS = 150;
/** Days of activity shown per student (today last). */
export const ACTIVITY_DAYS = 7;
/** A forecast this many test points below the goal puts a student at risk. */
export const RISK_BELOW_GOAL = 10;
/** An element with mastery below this share counts as missed in the group's list. */
export const MISSED_BELOW = 50;

export const RISK_REASONS = ['belowGoal', 'inactive'] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

const weakElement = z.object({ code: z.string(), name: z.string(), mastery: z.number().int() });

/** One student's learning at a glance: forecast vs goal, weakest elements, activity, overdue work, risk. */
export const studentLearning = z.object({
  userVkId: z.string(),
  userSurname: z.string(),
  userName: z.string(),
  /** The main curator's «Фамилия Имя», '' when none. */
  curatorName: z.string(),
  goal: z.number().int().nullable(),
  enoughData: z.enum(['0', '1']),
  answers: z.number().int(),
  minAnswers: z.number().int(),
  testScore: z.number().int().nullable(),
  testLow: z.number().int().nullable(),
  testHigh: z.number().int().nullable(),
  /** Up to five elements with the lowest mastery among those she has answered on, weakest first. */
  weakest: z.array(weakElement),
  /** Scored answers per Moscow day, oldest first, the last is today. */
  activity: z.array(z.object({ date: z.string(), answers: z.number().int() })),
  overdue: z.object({ homeworkP1: z.number().int(), homeworkP2: z.number().int(), credits: z.number().int() }),
  atRisk: z.enum(['0', '1']),
  riskReasons: z.array(z.enum(RISK_REASONS)),
});
export type StudentLearning = z.infer<typeof studentLearning>;

export const getStudentLearning = http('/app/api/progress/get_student_learning.php', {
  input: z.object({ userKey: userKeyField }),
  output: z.object({ student: studentLearning }),
  access: studentLookers,
  extension: true,
  readOnly: true,
});

const groupInput = z.object({
  /** '' — the caller's own students (a curator) or everyone (admin, main manager); a curator's key to narrow. */
  curatorId: z.union([z.literal(''), userKeyField]).default(''),
});

export const getGroupProgress = http('/app/api/progress/get_group_progress.php', {
  input: groupInput,
  output: z.object({
    students: z.array(studentLearning),
    /** '1' when the group has more than GROUP_MAX_STUDENTS students and only the first are shown. */
    limited: z.enum(['0', '1']),
    /** Elements by the share of students (with answers on them) whose mastery is below MISSED_BELOW %. */
    missed: z.array(z.object({ code: z.string(), name: z.string(), below: z.number().int(), students: z.number().int() })),
    /** Students with enough data per band of 10 test points: [0–9], [10–19] … [90–100]. */
    distribution: z.array(z.number().int()),
    /** Median hours from a part 2 submission to its check over the last 30 days; null without checks. */
    medianCheckHours: z.number().nullable(),
    checkedWorks: z.number().int(),
    /** The curators to filter by; empty for a curator (they see only their own). */
    curators: z.array(z.object({ userVkId: z.string(), name: z.string() })),
  }),
  access: studentLookers,
  extension: true,
  readOnly: true,
});

/** The group as file.xlsx: a signed JSON body with the same filter. */
export const exportGroupProgressXlsx = download('/app/api/progress/export_group_progress.php', { access: studentLookers, extension: true });
export const exportGroupProgressData = groupInput;
