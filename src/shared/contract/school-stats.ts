import { z } from 'zod';
import { access } from './access';
import { live } from './core';
import { flag, intLike } from './fields';
import { expectedProgressFields } from './rating';

/**
 * Curator statistic (back-office §2.7) and school statistics (§2.11, §3 'School statistics',
 * 'Statistics row', 'Curator'; §7.2 /curators/get_list_curators, /statistics/get_users_statistics,
 * /statistics/get_school_statistics). Definitions of every figure are in the README.
 */

const statisticLookers = access.icon('curatorStatistics');
const schoolLookers = access.icon('adminSchoolStatistics');

export const getListCurators = live('/curators/get_list_curators', {
  input: z.object({ onlyCurators: flag.optional() }),
  output: z.object({ curators: z.array(z.object({ curatorId: z.string(), curatorFullName: z.string() })) }),
  access: statisticLookers,
});

export const usersStatisticRow = z.object({
  /** The student's public key (for the chapters popup). */
  userId: z.string(),
  userName: z.string(),
  userSurname: z.string(),
  tgNickname: z.string(),
  curatorFullName: z.string(),
  place: z.number().int(),
  solvedPercent: z.number().int().min(0).max(100),
  /** Our addition: the student against what was expected by now (the row's colour). */
  ...expectedProgressFields(),
});
export type UsersStatisticRow = z.infer<typeof usersStatisticRow>;

export const getUsersStatistics = live('/statistics/get_users_statistics', {
  input: z.object({ curatorId: intLike.pipe(z.number().int().min(1, 'выберите куратора').max(2_147_483_647)) }),
  output: z.object({ usersStatistics: z.array(usersStatisticRow) }),
  access: statisticLookers,
});

export const getSchoolStatistics = live('/statistics/get_school_statistics', {
  input: z.object({}),
  output: z.object({
    /** Days, rounded. */
    averageStudyPeriod: z.number().int(),
    /** Percent with one decimal. */
    churnRateLastYear: z.number(),
    churnRateLastMonth: z.number(),
    /** Fractions 0..1, one per month from September of the current school year to this month. */
    retentionRate: z.array(z.number().min(0).max(1)),
    /** 'YYYY-MM' of each retentionRate point. */
    retentionMonths: z.array(z.string()),
    /** Rubles, rounded. */
    lifetimeValue: z.number().int(),
    currentStudentsCount: z.number().int(),
  }),
  access: schoolLookers,
});
