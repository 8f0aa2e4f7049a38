import type { UserInfo } from '../../../src/shared/contract/account';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';

/** Kopecks as the wire's rouble string: '1500', '-12.5', '0'. */
export function roublesText(kopecks: number): string {
  return String(kopecks / 100);
}

/** The balance is always the sum of the ledger, never a stored number. */
export async function balanceKopecks(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_kopecks'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Shell §3.9 'User info' for the signed-in user. */
export async function loadUserInfo(db: Db, user: CurrentUser): Promise<UserInfo> {
  const row = user.row;
  const [region, curator, curatorDz, balance] = await Promise.all([
    row.region_number === null
      ? undefined
      : db.selectFrom('regions').select('name').where('number', '=', row.region_number).executeTakeFirst(),
    row.curator_id === null
      ? undefined
      : db.selectFrom('users').select(['name', 'surname']).where('id', '=', row.curator_id).executeTakeFirst(),
    row.curator_dz_id === null
      ? undefined
      : db.selectFrom('users').select(['name', 'surname']).where('id', '=', row.curator_dz_id).executeTakeFirst(),
    balanceKopecks(db, user.id),
  ]);
  return {
    user_surname: row.surname,
    user_name: row.name,
    user_otch: row.patronymic,
    reg_name: region?.name ?? '',
    user_bdate: text(row.birth_date),
    user_class_number: text(row.class_number),
    user_tel: row.phone,
    user_email: row.email,
    user_vk_id: text(row.vk_id),
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
    curator_name: curator?.name ?? '',
    curator_surname: curator?.surname ?? '',
    user_curator_dz: text(row.curator_dz_id),
    curator_dz_name: curatorDz?.name ?? '',
    curator_dz_surname: curatorDz?.surname ?? '',
    user_goal_ball: text(row.goal_ball),
    user_goal_vuz: row.goal_vuz,
    goal_budzhet: String(row.goal_budzhet),
    user_osobennosti: row.osobennosti,
    user_ava_link: row.ava_link,
  };
}
