import type { UserInfo } from '../../../src/shared/contract/account';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import { balanceQuery, roublesText } from '../../money/balance';
import { publicUserKey } from '../../users/user-key';

/** One prepared query for everything around the profile: this call runs on every page. */
const profileNamesQuery = preparedQuery([-424242] as const, (db, userId: number) =>
  db
    .selectFrom('users as u')
    .leftJoin('regions as r', 'r.number', 'u.region_number')
    .leftJoin('users as c', 'c.id', 'u.curator_id')
    .leftJoin('users as cd', 'cd.id', 'u.curator_dz_id')
    .select(['r.name as region', 'c.name as curatorName', 'c.surname as curatorSurname', 'cd.name as curatorDzName', 'cd.surname as curatorDzSurname'])
    .select((eb) => balanceQuery(db, eb.ref('u.id')).as('balance'))
    .where('u.id', '=', userId),
);

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Shell §3.9 'User info' for the signed-in user. */
export async function loadUserInfo(db: Db, user: CurrentUser): Promise<UserInfo> {
  const row = user.row;
  const [names] = await profileNamesQuery(db, user.id);
  const balance = Number(names?.balance ?? 0);
  return {
    user_surname: row.surname,
    user_name: row.name,
    user_otch: row.patronymic,
    reg_name: names?.region ?? '',
    user_bdate: text(row.birth_date),
    user_class_number: text(row.class_number),
    user_tel: row.phone,
    user_email: row.email,
    user_vk_id: text(row.vk_id),
    userKey: publicUserKey(row),
    tg_nickname: row.tg_nickname,
    user_type: user.type,
    user_tarif_num: text(row.tariff_num),
    user_tarif: roublesText(row.tariff_cost_kopecks),
    user_zachet: String(row.oral_credit),
    with_mistake_work: String(row.with_mistake_work),
    bn_balance: roublesText(balance),
    userWhenToPay: text(row.pay_due_date),
    user_start_course_date: text(row.course_start_date),
    user_curator: text(row.curator_id),
    curator_name: names?.curatorName ?? '',
    curator_surname: names?.curatorSurname ?? '',
    user_curator_dz: text(row.curator_dz_id),
    curator_dz_name: names?.curatorDzName ?? '',
    curator_dz_surname: names?.curatorDzSurname ?? '',
    user_goal_ball: text(row.goal_ball),
    user_goal_vuz: row.goal_vuz,
    goal_budzhet: String(row.goal_budzhet),
    user_osobennosti: row.osobennosti,
    user_ava_link: row.ava_link,
  };
}
