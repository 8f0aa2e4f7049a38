import type { UserProfile, UserSet } from '../../../src/shared/contract/crm';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { UserRow, UserUpdate } from '../../db/schema';
import { findUserByKey, publicUserKey } from '../../users/user-key';

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The card's fields (§3 'User profile') from a user row, the balance and the curators' keys. */
export async function profileOf(db: Db, row: UserRow, canEdit: boolean): Promise<UserProfile> {
  const [region, balance, curators] = await Promise.all([
    row.region_number === null ? undefined : db.selectFrom('regions').select('name').where('number', '=', row.region_number).executeTakeFirst(),
    db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<number>('amount_kopecks').as('kopecks')).where('user_id', '=', row.id).executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['id', 'vk_id'])
      .where('id', 'in', [row.curator_id ?? -1, row.curator_dz_id ?? -1, row.curator_zach_id ?? -1])
      .execute(),
  ]);
  const keyOf = (id: number | null) => {
    const curator = curators.find((candidate) => candidate.id === id);
    return curator ? publicUserKey(curator) : '';
  };
  return {
    userVkId: publicUserKey(row),
    userSurname: row.surname,
    userName: row.name,
    userOtch: row.patronymic,
    userRegion: text(row.region_number),
    userRegionName: region?.name ?? '',
    userBdate: text(row.birth_date),
    userClassNumber: text(row.class_number),
    userTel: row.phone,
    userEmail: row.email,
    userTgNickname: row.tg_nickname,
    userAvaLink: row.ava_link,
    userBlocked: row.blocked === 1 ? '1' : '0',
    userType: row.user_type,
    userTarifNum: text(row.tariff_num),
    userZachet: String(row.oral_credit),
    withMistakeWork: String(row.with_mistake_work),
    bnBalance: String(Number(balance?.kopecks ?? 0) / 100),
    userTarif: String(Math.round(row.tariff_cost_kopecks / 100)),
    userPayday: text(row.payday),
    userStartCourseDate: text(row.course_start_date),
    userCurator: keyOf(row.curator_id),
    userCuratorDz: keyOf(row.curator_dz_id),
    userCuratorZach: keyOf(row.curator_zach_id),
    userGoalBall: text(row.goal_ball),
    userGoalVuz: row.goal_vuz,
    userGoalBudzhet: String(row.goal_budzhet),
    userOsobennosti: row.osobennosti,
    canEdit: canEdit ? '1' : '0',
  };
}

const orNull = (value: string) => (value === '' ? null : Number(value));

/** A curator key from the card, checked to name a curator or an admin. */
async function curatorIdOf(db: Db, key: string): Promise<number | null> {
  if (key === '') return null;
  const curator = await findUserByKey(db, key);
  if (!curator || !['Куратор', 'Админ'].includes(curator.user_type)) fail('Куратор не найден.');
  return curator.id;
}

/** The column changes a validated userSet asks for. */
export async function updateOf(db: Db, set: UserSet): Promise<UserUpdate> {
  const update: UserUpdate = {};
  if (set.userSurname !== undefined) update.surname = set.userSurname;
  if (set.userName !== undefined) update.name = set.userName;
  if (set.userOtch !== undefined) update.patronymic = set.userOtch;
  if (set.userRegion !== undefined) {
    const region = set.userRegion === '' ? null : Number(set.userRegion);
    if (region !== null && !(await db.selectFrom('regions').select('number').where('number', '=', region).executeTakeFirst())) fail('Регион не найден.');
    update.region_number = region;
  }
  if (set.userBdate !== undefined) update.birth_date = set.userBdate || null;
  if (set.userClassNumber !== undefined) update.class_number = orNull(set.userClassNumber);
  if (set.userTel !== undefined) update.phone = set.userTel;
  if (set.userEmail !== undefined) update.email = set.userEmail;
  if (set.userTgNickname !== undefined) update.tg_nickname = set.userTgNickname.replace(/^@/, '');
  if (set.userBlocked !== undefined) update.blocked = Number(set.userBlocked);
  if (set.userType !== undefined) update.user_type = set.userType;
  if (set.userTarifNum !== undefined) update.tariff_num = orNull(set.userTarifNum);
  if (set.userZachet !== undefined) update.oral_credit = Number(set.userZachet);
  if (set.withMistakeWork !== undefined) update.with_mistake_work = Number(set.withMistakeWork);
  if (set.userTarif !== undefined) update.tariff_cost_kopecks = Number(set.userTarif || '0') * 100;
  if (set.userPayday !== undefined) update.payday = orNull(set.userPayday);
  if (set.userStartCourseDate !== undefined) update.course_start_date = set.userStartCourseDate || null;
  if (set.userCurator !== undefined) update.curator_id = await curatorIdOf(db, set.userCurator);
  if (set.userCuratorDz !== undefined) update.curator_dz_id = await curatorIdOf(db, set.userCuratorDz);
  if (set.userCuratorZach !== undefined) update.curator_zach_id = await curatorIdOf(db, set.userCuratorZach);
  if (set.userGoalBall !== undefined) update.goal_ball = orNull(set.userGoalBall);
  if (set.userGoalVuz !== undefined) update.goal_vuz = set.userGoalVuz;
  if (set.userGoalBudzhet !== undefined) update.goal_budzhet = Number(set.userGoalBudzhet);
  if (set.userOsobennosti !== undefined) update.osobennosti = set.userOsobennosti;
  return update;
}
