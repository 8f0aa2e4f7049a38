import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { DebtorItem } from '../../../src/shared/contract/crm';
import type { Db } from '../../db';
import { publicUserKey } from '../../users/user-key';
import { overdueWork } from '../../learning/overdue-work';

/**
 * Debtors (§2.6, §3 'Debtor') of the given curator (null = every curator): students with homework
 * or an automatic credit past its deadline and not handed in, or a negative balance in the ledger.
 * Only deadlines since the student joined count.
 */
export async function curatorDebtors(db: Db, curatorId: number | null, now: number): Promise<DebtorItem[]> {
  let students = db
    .selectFrom('users')
    .leftJoin('users as cur', 'cur.id', 'users.curator_id')
    .select(['users.id', 'users.vk_id', 'users.name', 'users.surname', 'users.tg_nickname', 'users.created_at', 'cur.name as cur_name', 'cur.surname as cur_surname'])
    .where('users.user_type', 'not in', [...STAFF_TYPES, 'Неактивный'])
    .where('users.blocked', '=', 0);
  if (curatorId !== null) {
    students = students.where((eb) => eb.or([eb('users.curator_id', '=', curatorId), eb('users.curator_dz_id', '=', curatorId), eb('users.curator_zach_id', '=', curatorId)]));
  }
  const rows = await students.orderBy('users.surname').orderBy('users.name').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [overdue, balances] = await Promise.all([
    overdueWork(db, rows, now),
    db
      .selectFrom('ledger_entries')
      .select(['user_id', (eb) => eb.fn.sum<number>('amount_kopecks').as('kopecks')])
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute(),
  ]);
  const balanceOf = new Map(balances.map((row) => [row.user_id, Number(row.kopecks ?? 0)]));
  const debtors: DebtorItem[] = [];
  for (const row of rows) {
    const { homeworkP1: dolgovPart1, homeworkP2: dolgovPart2, credits: dolgovAZach } = overdue.get(row.id)!;
    const balance = (balanceOf.get(row.id) ?? 0) / 100;
    if (dolgovPart1 + dolgovPart2 + dolgovAZach === 0 && balance >= 0) continue;
    debtors.push({
      userVkId: publicUserKey(row),
      userName: row.name,
      userSurname: row.surname,
      userTgNickname: row.tg_nickname,
      curatorName: row.cur_name ?? '',
      curatorSurname: row.cur_surname ?? '',
      dolgovPart1,
      dolgovPart2,
      dolgovAZach,
      balance,
    });
  }
  return debtors;
}
