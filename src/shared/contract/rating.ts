import { z } from 'zod';
import { access } from './access';
import { http, live } from './core';
import { flag, noInput, safeString, safeInteger } from './fields';
import { PACE_STATES } from '../domain/pace';

/** Рейтинг и статистика: calls of this area (shell §2.10, §3.16, §7.2). */

/**
 * A user's public key on the wire, in the spec's `userVkId` field: the VK id when the user
 * has one, otherwise `id<number>` (our user id). An empty string means the caller.
 */
export const publicUserKeyPattern = /^(\d{1,20}|id\d{1,15})$/;

const userKey = z
  .union([
    safeString()
      .trim()
      .max(40, 'не длиннее 40 символов')
      .refine((value) => value === '' || publicUserKeyPattern.test(value), 'ожидался VK id или id<номер> пользователя'),
    // Old clients send a VK id as a number.
    safeInteger().positive().transform(String),
  ])
  .default('');

/** A rating amount as the wire sends it: one decimal, e.g. '12.5', '-1.0', '0.0'. */
export const ratingValue = z.string().regex(/^-?\d+\.\d$/);

/** Tenths (how the server stores a rating) → the wire's one-decimal string. */
export function ratingValueFromTenths(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}`;
}

/** A calendar day in Moscow, 'YYYY-MM-DD', that exists in the calendar. */
export const isoDay = safeString()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'ожидалась дата в формате ГГГГ-ММ-ДД')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'такой даты нет в календаре');

/** The longest period a statistic may cover (a leap year plus a day of slack). */
export const RATING_STATISTIC_MAX_DAYS = 367;

/** Shell §3.16 'Rating change'. datetime: ISO 8601 in Moscow time with its offset. */
export const ratingChangeSchema = z.object({
  value: ratingValue,
  datetime: z.string(),
  comment: z.string(),
});

/** Shell §3.16 'Rating statistic point': the cumulative rating at the end of the day or week. */
export const ratingStatisticPointSchema = z.object({
  /** The Moscow day, or for weeks the Monday that starts the week ('YYYY-MM-DD'). */
  date: z.string(),
  value: ratingValue,
});

/** Shell §3.16 'Top rating user'. */
export const topRatingUserSchema = z.object({
  position: z.string(),
  /** 'Фамилия Имя'. */
  user: z.string(),
  userVkId: z.string(),
  value: ratingValue,
  /** The curator's 'Фамилия Имя', '' when the student has none. */
  userCurator: z.string(),
});

export type RatingChange = z.infer<typeof ratingChangeSchema>;
export type RatingStatisticPoint = z.infer<typeof ratingStatisticPointSchema>;
export type TopRatingUser = z.infer<typeof topRatingUserSchema>;

export const RATING_GROUPINGS = ['day', 'week'] as const;
export type RatingGrouping = (typeof RATING_GROUPINGS)[number];

export const RATING_TOP_PERIODS = ['month', 'previous_month', 'year'] as const;
export type RatingTopPeriod = (typeof RATING_TOP_PERIODS)[number];

/** How many changes the story shows and how many students the top lists (shell §9). */
export const RATING_STORY_SIZE = 20;
export const RATING_TOP_SIZE = 10;

const ratings = access.icon('ratings');

export const getRatingStory = http('/app/api/rating/get_rating_story.php', {
  readOnly: true,
  input: z.object({ userVkId: userKey }),
  output: z.object({
    ratingStory: z.array(ratingChangeSchema).max(RATING_STORY_SIZE),
    /** The current rating: the sum of every change. */
    rating: ratingValue,
    /** Our addition: the sum of this Moscow calendar month's changes ('my rating for the month'). */
    ratingMonth: ratingValue,
  }),
  access: ratings,
});

export const getRatingStatistic = http('/app/api/rating/get_rating_statistic.php', {
  readOnly: true,
  input: z
    .object({
      userVkId: userKey,
      startDate: isoDay,
      endDate: isoDay,
      groupBy: z.enum(RATING_GROUPINGS),
    })
    .refine((value) => value.startDate <= value.endDate, {
      message: 'дата окончания раньше даты начала',
      path: ['endDate'],
    })
    .refine((value) => Date.parse(value.endDate) - Date.parse(value.startDate) < RATING_STATISTIC_MAX_DAYS * 86_400_000, {
      message: 'период не может быть длиннее года',
      path: ['endDate'],
    }),
  output: z.object({ ratingStatistic: z.array(ratingStatisticPointSchema) }),
  access: ratings,
});

export const getRatingTop = http('/app/api/rating/get_rating_top.php', {
  readOnly: true,
  input: z.object({ period: z.enum(RATING_TOP_PERIODS) }),
  output: z.object({ ratingTop: z.array(topRatingUserSchema).max(RATING_TOP_SIZE) }),
  access: ratings,
});

/** Percent colour bands of shell §9: below 50 red, 50 to below 80 orange, 80 and above green. */
export const percentColor = z.enum(['red', 'orange', 'green']);
export type PercentColor = z.infer<typeof percentColor>;

export function percentColorOf(percent: number): PercentColor {
  if (percent < 50) return 'red';
  return percent < 80 ? 'orange' : 'green';
}

export const DZ_STATISTICS_TYPES = ['all', 'probnik'] as const;

export const dzStatisticSchema = z.object({
  dzNum: z.number().int(),
  /** Primary points of the main part (part 1 + part 2 so far). */
  primaryBall: z.number(),
  /** Our extension: the maximum of those parts, for the colour and the tooltip. */
  maxBall: z.number(),
  /** The exam's 100-point score, for mock exams only. */
  secondaryBall: z.number().int().nullable(),
  isProbnik: z.enum(['0', '1']),
  color: percentColor,
});
export type DzStatistic = z.infer<typeof dzStatisticSchema>;

/** Homework points chart (shell §2.10, §3.16): every homework of the caller with a scored part. */
export const getDzStatistics = live('/statistics/get_dz_statistics', {
  input: z.object({ type: z.enum(DZ_STATISTICS_TYPES, 'ожидалось all или probnik').default('all') }),
  output: z.object({ dzStatistics: z.array(dzStatisticSchema) }),
  access: ratings,
});

/**
 * Our addition: progress against what was expected by now. `expectedPercent`
 * is the chapter's (course's) material in lessons already due, `expectedSolvedPercent` the solved
 * share of that material (0 when nothing is due), `pace` the state the bar is coloured by
 * (src/shared/domain/pace.ts) — «впереди» while nothing is due, never red for «not yet».
 */
export function expectedProgressFields() {
  return {
    expectedPercent: z.number().int().min(0).max(100),
    expectedSolvedPercent: z.number().int().min(0).max(100),
    pace: z.enum(PACE_STATES),
  };
}

export const chapterStatisticSchema = z.object({
  chapterName: z.string(),
  /** Solved share of the chapter's trainable material, 0–100, whole percent. */
  chapterSolvedPercent: z.number().int().min(0).max(100),
  numQuestionsP1: z.number().int(),
  numSolvedQuestionsP1: z.number().int(),
  numQuestionsP2: z.number().int(),
  numSolvedQuestionsP2: z.number().int(),
  numTermins: z.number().int(),
  numSolvedTermins: z.number().int(),
  numPriznaki: z.number().int(),
  numSolvedPriznaki: z.number().int(),
  ...expectedProgressFields(),
});
export type ChapterStatistic = z.infer<typeof chapterStatisticSchema>;

/** Chapter mastery (shell §2.10, §3.16) of the caller or, for staff, of a student ('' = the caller). */
export const getChaptersStatistics = live('/statistics/get_chapters_statistics', {
  input: z.object({ userId: userKey }),
  output: z.object({ chaptersStatistics: z.array(chapterStatisticSchema), solvedPercent: z.number().int().min(0).max(100), ...expectedProgressFields() }),
  access: ratings,
});

export const studyRatingUserSchema = z.object({
  place: z.number().int(),
  userId: z.string(),
  userName: z.string(),
  userSurname: z.string(),
  tgNickname: z.string(),
  solvedPercent: z.number().int().min(0).max(100),
  itsMe: flag,
});
export type StudyRatingUser = z.infer<typeof studyRatingUserSchema>;

/** How many students the mastery rating lists (the caller is added below when outside it). */
export const STUDY_RATING_SIZE = 30;

/** Mastery rating (shell §2.10 'mastery rating'): students by the share of the course they solved. */
export const getTopUsersStatistics = live('/statistics/get_top_users_statistics', {
  input: noInput,
  output: z.object({ usersStatistics: z.array(studyRatingUserSchema) }),
  access: ratings,
});
