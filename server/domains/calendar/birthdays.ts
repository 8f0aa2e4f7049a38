import type { BirthdayUser } from '../../../src/shared/contract/calendar';
import { USER_TYPES, type UserType } from '../../../src/shared/domain/user-types';
import type { Db } from '../../db';
import { isLeapYear } from './iso-days';

/**
 * Who is congratulated: the school's current people, students of every tariff and staff.
 * Inactive users have left and demo users are strangers on a 7-day trial, so neither is listed;
 * blocked accounts never are.
 */
export const BIRTHDAY_TYPES: readonly UserType[] = USER_TYPES.filter((type) => type !== 'Неактивный' && type !== 'Демо');

/**
 * The 'MM-DD' birthdays celebrated on a Moscow day: its own, and on 28 February of a common
 * year also 29 February, so leap-day people are not skipped three years out of four.
 */
export function birthdaysCelebratedOn(today: string): string[] {
  const monthDay = today.slice(5);
  const year = Number(today.slice(0, 4));
  return monthDay === '02-28' && !isLeapYear(year) ? ['02-28', '02-29'] : [monthDay];
}

/** People whose birthday is `today` (a Moscow day), by surname; the birth date itself never leaves. */
export async function birthdaysOn(db: Db, today: string): Promise<BirthdayUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['name', 'surname', 'user_type', 'tg_nickname', 'vk_id'])
    .where('blocked', '=', 0)
    .where('user_type', 'in', BIRTHDAY_TYPES)
    // 'YYYY-MM-DD' text: four characters of year, then the month and day we want.
    .where((eb) => eb.or(birthdaysCelebratedOn(today).map((monthDay) => eb('birth_date', 'like', `____-${monthDay}`))))
    .orderBy('surname')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    userName: row.name,
    userSurname: row.surname,
    userType: row.user_type,
    userTgNickname: row.tg_nickname,
    userVkId: row.vk_id ?? '',
  }));
}
