import type { Kysely } from 'kysely';
import type { getIntensivRazdelsLessonsInfo } from '../../../src/shared/contract/finances';
import type { OutputOf } from '../../../src/shared/contract/core';
import { toFlag } from '../../../src/shared/contract/fields';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';
import type { Database } from '../../db/schema';
import { roublesText } from '../../money/balance';
import { addLedgerEntry, balanceKopecks } from './ledger';

/** Extra recorded lessons sold by section from the balance (shell §2.9, §3.14, §4.6). */

export const EXTRA_LESSON_MESSAGES = {
  notFound: 'Раздел не найден',
  alreadyBought: 'Раздел уже куплен',
  notEnoughMoney: 'Недостаточно средств на балансе',
} as const;

type RazdelInfo = OutputOf<typeof getIntensivRazdelsLessonsInfo>['razdelsInfo'][number];

/** Every section in order, with the user's access to it. */
export async function listExtraLessonSections(db: Db, userId: number): Promise<RazdelInfo[]> {
  const rows = await db
    .selectFrom('extra_lesson_sections as s')
    .leftJoin('extra_lesson_purchases as p', (join) => join.onRef('p.section_number', '=', 's.number').on('p.user_id', '=', userId))
    .select(['s.number', 's.name', 's.count_lessons', 's.price_kopecks', 'p.user_id as buyer'])
    .orderBy('s.number')
    .execute();
  return rows.map((row) => ({
    number: String(row.number),
    name: row.name,
    countLessons: String(row.count_lessons),
    price: roublesText(row.price_kopecks),
    isAccess: toFlag(row.buyer !== null),
  }));
}

/** The ledger order of a section purchase: one per user and section. */
export function sectionOrderNumber(userId: number, sectionNumber: number): string {
  return `razdel-${userId}-${sectionNumber}`;
}

/**
 * Buys a section from the balance. The balance check, the purchase and its ledger entry are one
 * transaction; on PostgreSQL the user's row is locked first (SELECT … FOR UPDATE), so parallel
 * purchases of one user run one after another and never spend the same money twice. SQLite has one
 * writer and the driver holds its single connection for the whole transaction, which serialises
 * them the same way.
 */
export async function buyExtraLessonSection(db: Db, dialect: Dialect, userId: number, sectionNumber: number, now: number): Promise<void> {
  // Section numbers are small; anything else (an out-of-range id) simply names no section.
  if (!Number.isSafeInteger(sectionNumber) || sectionNumber < 1 || sectionNumber > 2_147_483_647) fail(EXTRA_LESSON_MESSAGES.notFound);
  await db.transaction().execute(async (trx: Kysely<Database>) => {
    if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const section = await trx.selectFrom('extra_lesson_sections').selectAll().where('number', '=', sectionNumber).executeTakeFirst();
    if (!section) fail(EXTRA_LESSON_MESSAGES.notFound);
    const bought = await trx
      .selectFrom('extra_lesson_purchases')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('section_number', '=', sectionNumber)
      .executeTakeFirst();
    if (bought) fail(EXTRA_LESSON_MESSAGES.alreadyBought);
    if ((await balanceKopecks(trx, userId)) < section.price_kopecks) fail(EXTRA_LESSON_MESSAGES.notEnoughMoney);

    const orderNumber = sectionOrderNumber(userId, sectionNumber);
    await trx
      .insertInto('extra_lesson_purchases')
      .values({ user_id: userId, section_number: sectionNumber, price_kopecks: section.price_kopecks, order_number: orderNumber, created_at: now })
      .execute();
    await addLedgerEntry(trx, {
      userId,
      amountKopecks: -section.price_kopecks,
      kind: 'purchase',
      basis: `Покупка раздела «${section.name}»`,
      comment: `Дополнительные уроки в записи: ${section.count_lessons}`,
      orderNumber,
      createdAt: now,
    });
  });
}
