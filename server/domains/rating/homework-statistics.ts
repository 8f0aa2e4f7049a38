import { percentColorOf, type DzStatistic } from '../../../src/shared/contract/rating';
import { secondaryScore } from '../../../src/shared/domain/exam-scale';
import type { Db } from '../../db';
import { examSecondaryScale } from '../../questions/exam-scale';

/**
 * Points of a student's homework, main part only (the additional part is practice), for every
 * homework with at least one scored part, in homework order. The colour is the percent band of
 * the points against the maximum of the scored parts.
 */
export async function homeworkStatistics(db: Db, userId: number, onlyProbnik: boolean): Promise<DzStatistic[]> {
  let query = db
    .selectFrom('user_homeworks')
    .innerJoin('homeworks', 'homeworks.num', 'user_homeworks.ht_num')
    .select(['homeworks.num', 'homeworks.is_probnik', 'homeworks.p1_max', 'homeworks.p2_max', 'user_homeworks.points_p1', 'user_homeworks.points_p2'])
    .where('user_homeworks.user_id', '=', userId)
    .where('user_homeworks.is_dop', '=', 0)
    .where((eb) => eb.or([eb('user_homeworks.points_p1', 'is not', null), eb('user_homeworks.points_p2', 'is not', null)]))
    .orderBy('homeworks.num');
  if (onlyProbnik) query = query.where('homeworks.is_probnik', '=', 1);
  const [rows, scale] = await Promise.all([query.execute(), examSecondaryScale(db)]);
  return rows.map((row) => {
    const primary = (row.points_p1 ?? 0) + (row.points_p2 ?? 0);
    const max = (row.points_p1 === null ? 0 : row.p1_max) + (row.points_p2 === null ? 0 : row.p2_max);
    const probnik = row.is_probnik === 1;
    return {
      dzNum: row.num,
      primaryBall: primary,
      maxBall: max,
      secondaryBall: probnik ? secondaryScore(primary, scale) : null,
      isProbnik: probnik ? '1' : '0',
      color: percentColorOf(max === 0 ? 0 : (primary / max) * 100),
    };
  });
}
