import type { Db } from '../index';

const DAY = 24 * 60 * 60 * 1000;
/** Moscow is UTC+3 all year. */
const MOSCOW_OFFSET = 3 * 60 * 60 * 1000;

/** The demo curator publishes oral-credit times for the next week: 16:00, 16:30 and 17:00 Moscow time. */
export async function seedVerbalCreditSlots(db: Db, now: number, curatorId: number | undefined): Promise<void> {
  if (curatorId === undefined) return;
  const moscowMidnight = Math.floor((now + MOSCOW_OFFSET) / DAY) * DAY - MOSCOW_OFFSET;
  for (let day = 1; day <= 7; day += 1) {
    for (const minutes of [16 * 60, 16 * 60 + 30, 17 * 60]) {
      await db
        .insertInto('verbal_credit_slots')
        .values({ curator_id: curatorId, starts_at: moscowMidnight + day * DAY + minutes * 60_000, created_at: now })
        .execute();
    }
  }
}
