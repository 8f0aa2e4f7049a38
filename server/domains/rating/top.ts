import { RATING_TOP_SIZE, ratingValueFromTenths, type RatingTopPeriod, type TopRatingUser } from '../../../src/shared/contract/rating';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { Db } from '../../db';
import { moscowMonthStart, moscowYearStart } from '../../time/moscow-days';
import { publicUserKey } from '../../users/user-key';

/** The instants [from, before) of a top period in the Moscow calendar. */
export function topPeriodBounds(period: RatingTopPeriod, now: number): { from: number; before: number } {
  switch (period) {
    case 'month':
      return { from: moscowMonthStart(now), before: moscowMonthStart(now, 1) };
    case 'previous_month':
      return { from: moscowMonthStart(now, -1), before: moscowMonthStart(now) };
    case 'year':
      return { from: moscowYearStart(now), before: moscowYearStart(now, 1) };
  }
}

const fullName = (surname: string | null, name: string | null) => `${surname ?? ''} ${name ?? ''}`.trim();

/**
 * The 10 students with the largest sum of changes in the period (staff and blocked users are
 * not listed). Ties go to whoever reached the sum first (the earlier last change), then to the
 * lower user id, so the order never shuffles between calls.
 */
export async function ratingTop(db: Db, period: RatingTopPeriod, now: number): Promise<TopRatingUser[]> {
  const { from, before } = topPeriodBounds(period, now);
  const rows = await db
    .selectFrom('rating_changes as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as c', 'c.id', 'u.curator_id')
    .select((eb) => [
      'u.id',
      'u.vk_id',
      'u.surname',
      'u.name',
      'c.surname as curator_surname',
      'c.name as curator_name',
      eb.fn.sum<number>('r.tenths').as('total'),
      eb.fn.max('r.created_at').as('last_at'),
    ])
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', before)
    .where('u.user_type', 'not in', STAFF_TYPES)
    .where('u.blocked', '=', 0)
    .groupBy(['u.id', 'u.vk_id', 'u.surname', 'u.name', 'c.surname', 'c.name'])
    .orderBy('total', 'desc')
    .orderBy('last_at', 'asc')
    .orderBy('u.id', 'asc')
    .limit(RATING_TOP_SIZE)
    .execute();
  return rows.map((row, index) => ({
    position: String(index + 1),
    user: fullName(row.surname, row.name),
    userVkId: publicUserKey(row),
    value: ratingValueFromTenths(Number(row.total)),
    userCurator: fullName(row.curator_surname, row.curator_name),
  }));
}
