import { cookiesText, PET_REWARDS, PET_LIMITS, PET_TRAIN_PER_COOKIE } from '../../../src/shared/domain/pet';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { studyDays } from '../../learning/study-days';
import { dateOfDayIndex } from '../../time/moscow-days';

/** train + add, at most the maximum (CASE: SQLite has no LEAST). */
const capped = (add: number) => sql<number>`case when train + ${add} > ${PET_LIMITS.train} then ${PET_LIMITS.train} else train + ${add} end`;

/** The cookie balance: the sum of the ledger. */
export async function cookieBalance(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('pet_cookies')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Adds a ledger entry unless its key is already there; returns whether it was added. */
export async function addCookies(db: Db, entry: { userId: number; amount: number; reason: string; key: string; at: number }): Promise<boolean> {
  if (!Number.isSafeInteger(entry.amount)) throw new Error('cookie amounts are integers');
  const inserted = await db
    .insertInto('pet_cookies')
    .values({ user_id: entry.userId, amount: entry.amount, reason: entry.reason, reward_key: entry.key, created_at: entry.at })
    .onConflict((oc) => oc.columns(['user_id', 'reward_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface Reward {
  key: string;
  amount: number;
  reason: string;
}

const dopSuffix = (isDop: number) => (isDop === 1 ? ' (доп. часть)' : '');

/** The ledger key of a reward: one grant per finished homework part and per passed credit. */
const rewardKey = {
  homework: (part: 1 | 2, htNum: number, isDop: number) => `hw-p${part}:${htNum}:${isDop}`,
  credit: (creditNum: number) => `credit:${creditNum}`,
  studyDay: (day: number) => `study-day:${day}`,
};

/** Every reward the user's learning has earned so far (PET_REWARDS), granted or not. */
export async function earnedRewards(db: Db, userId: number): Promise<Reward[]> {
  const homeworks = await db
    .selectFrom('user_homeworks')
    .select(['ht_num', 'is_dop', 'status_p1', 'p2_submitted_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status_p1', '=', 'Готово'), eb('p2_submitted_at', 'is not', null)]))
    .execute();
  const credits = await db.selectFrom('user_credits_auto').select('credit_num').where('user_id', '=', userId).where('status', '=', 'Сдан').execute();
  const rewards: Reward[] = [];
  for (const work of homeworks) {
    if (work.status_p1 === 'Готово') {
      rewards.push({ key: rewardKey.homework(1, work.ht_num, work.is_dop), amount: PET_REWARDS.homeworkP1, reason: `Часть 1 ДЗ №${work.ht_num}${dopSuffix(work.is_dop)} выполнена` });
    }
    if (work.p2_submitted_at !== null) {
      rewards.push({ key: rewardKey.homework(2, work.ht_num, work.is_dop), amount: PET_REWARDS.homeworkP2, reason: `Часть 2 ДЗ №${work.ht_num}${dopSuffix(work.is_dop)} сдана` });
    }
  }
  for (const credit of credits) rewards.push({ key: rewardKey.credit(credit.credit_num), amount: PET_REWARDS.creditPassed, reason: `Зачёт №${credit.credit_num} сдан` });
  // The days «Сегодня» counted (the plan's shared fact, server/learning/study-days.ts).
  for (const day of (await studyDays(db, userId)).counted) {
    rewards.push({ key: rewardKey.studyDay(day), amount: PET_REWARDS.studyDay, reason: `План дня ${dateOfDayIndex(day).split('-').reverse().join('.')} выполнен` });
  }
  return rewards;
}

/**
 * Grants the rewards not yet in the ledger. Safe under any number of parallel calls: the unique
 * (user, reward_key) lets exactly one insert of each reward through. The living pet's training
 * grows with what this call granted. Returns the rewards this call granted. Given a transaction
 * (an event subscriber), it grants inside it; otherwise each reward in a transaction of its own.
 */
export async function grantEarnedRewards(db: Db, userId: number, now: number): Promise<Reward[]> {
  const earned = await earnedRewards(db, userId);
  if (earned.length === 0) return [];
  const granted = new Set(
    (await db.selectFrom('pet_cookies').select('reward_key').where('user_id', '=', userId).where('reward_key', 'in', earned.map((reward) => reward.key)).execute()).map(
      (row) => row.reward_key,
    ),
  );
  const missing = earned.filter((reward) => !granted.has(reward.key));
  const added: Reward[] = [];
  for (const reward of missing) {
    const grant = async (trx: Db) => {
      const inserted = await addCookies(trx, { userId, amount: reward.amount, reason: reward.reason, key: reward.key, at: now });
      if (inserted) {
        // Relative update: safe next to the tick job's locked read-modify-write of the same row.
        await trx
          .updateTable('pets')
          .set({ train: capped(reward.amount * PET_TRAIN_PER_COOKIE), updated_at: now })
          .where('user_id', '=', userId)
          .where('dead', '=', 0)
          .execute();
      }
      return inserted;
    };
    const grantedNow = db.isTransaction ? await grant(db) : await db.transaction().execute(grant);
    if (grantedNow) added.push(reward);
  }
  return added;
}

/** '+3 печеньки: Часть 1 ДЗ №5 выполнена' (one line per reward). */
export function rewardText(rewards: readonly Reward[]): string {
  return rewards.map((reward) => `+${cookiesText(reward.amount)}: ${reward.reason}`).join('\n');
}
