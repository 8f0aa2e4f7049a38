import { moscowDayStart, moscowDateKey } from '../../../src/shared/domain/moscow-time';
import { sectionOrderNumber } from '../../domains/finances/extra-lessons';
import { customerKeyFor } from '../../domains/finances/orders';
import { recordSubscriptionPayment } from '../../domains/finances/subscription-renewal';
import { startSubscription } from '../../domains/finances/subscriptions';
import type { Db } from '../index';

/** Sections of extra recorded lessons, by the blocks of the social-studies exam; prices in kopecks. */
export const EXTRA_LESSON_SECTIONS = [
  { number: 1, name: 'Человек и общество', countLessons: 6, priceKopecks: 149_000 },
  { number: 2, name: 'Экономика', countLessons: 9, priceKopecks: 229_000 },
  { number: 3, name: 'Социальные отношения', countLessons: 7, priceKopecks: 179_000 },
  { number: 4, name: 'Политика', countLessons: 8, priceKopecks: 199_000 },
  { number: 5, name: 'Право', countLessons: 12, priceKopecks: 299_000 },
  { number: 6, name: 'Вторая часть: план и задание 25', countLessons: 5, priceKopecks: 129_000 },
] as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The demo subscriber's card: the test acquirer's approving Visa (its page offers the same one). */
const DEMO_CARD = { pan: '430000******0777', expDate: '1230', cardId: '900000777', rebillId: '1700000000777' };

/** 10:00 Moscow on the next `day` of a month after `now`. */
function nextMonthDay(now: number, day: number): number {
  const [year, month] = moscowDateKey(now).split('-').map(Number) as [number, number];
  for (let offset = 0; ; offset += 1) {
    const date = new Date(Date.UTC(year, month - 1 + offset, day));
    const at = moscowDayStart(date.toISOString().slice(0, 10)) + 10 * HOUR;
    if (at > now) return at;
  }
}

/** 10:00 Moscow on the same day `months` earlier (the demo days are ≤ 28, so no clamping). */
function monthsBefore(at: number, months: number): number {
  const [year, month, day] = moscowDateKey(at).split('-').map(Number) as [number, number, number];
  return moscowDayStart(new Date(Date.UTC(year, month - 1 - months, day)).toISOString().slice(0, 10)) + 10 * HOUR;
}

/**
 * Finances demo rows: the extra lesson sections; the intensive student owns the first one (paid
 * from the balance); the subscriber has a saved card and a subscription paid twice already (the
 * first payment and one renewal, both in the history) that renews on the 15th.
 */
export async function seedFinancesDemo(db: Db, now: number): Promise<void> {
  await db
    .insertInto('extra_lesson_sections')
    .values(EXTRA_LESSON_SECTIONS.map((s) => ({ number: s.number, name: s.name, count_lessons: s.countLessons, price_kopecks: s.priceKopecks, created_at: now })))
    .execute();

  const users = await db.selectFrom('users').select(['id', 'login']).where('login', 'in', ['intensive', 'subscription']).execute();
  const idOf = (login: string) => users.find((user) => user.login === login)?.id;

  const intensive = idOf('intensive');
  if (intensive !== undefined) {
    const section = EXTRA_LESSON_SECTIONS[0];
    const orderNumber = sectionOrderNumber(intensive, section.number);
    const at = now - 5 * DAY;
    await db
      .insertInto('extra_lesson_purchases')
      .values({ user_id: intensive, section_number: section.number, price_kopecks: section.priceKopecks, order_number: orderNumber, created_at: at })
      .execute();
    await db
      .insertInto('ledger_entries')
      .values({
        user_id: intensive,
        amount_kopecks: -section.priceKopecks,
        kind: 'purchase',
        basis: `Покупка раздела «${section.name}»`,
        comment: `Дополнительные уроки в записи: ${section.countLessons}`,
        order_number: orderNumber,
        created_at: at,
      })
      .execute();
  }

  const subscriber = idOf('subscription');
  if (subscriber !== undefined) {
    const startedAt = now - 70 * DAY;
    await db
      .insertInto('payment_cards')
      .values({
        user_id: subscriber,
        provider: 'test',
        provider_card_id: DEMO_CARD.cardId,
        rebill_id: DEMO_CARD.rebillId,
        masked_pan: DEMO_CARD.pan,
        card_type: 'Visa',
        exp_date: DEMO_CARD.expDate,
        is_main: 1,
        order_number: 'demo-card-subscription',
        created_at: startedAt,
      })
      .execute();
    // The built-in test acquirer's side of the same card, so the renewal on the 15th really goes through.
    await db
      .insertInto('test_acquirer_cards')
      .values({
        card_id: DEMO_CARD.cardId,
        customer_key: customerKeyFor(subscriber),
        pan: DEMO_CARD.pan,
        exp_date: DEMO_CARD.expDate,
        rebill_id: DEMO_CARD.rebillId,
        created_at: startedAt,
      })
      .execute();

    const costKopecks = 290_000;
    const description = 'Тариф «Подписка»';
    const paydate = nextMonthDay(now, 15);
    const id = await startSubscription(db, { userId: subscriber, costKopecks, paydate, description, paidPeriods: 1 }, now);
    const payments = [monthsBefore(paydate, 2), monthsBefore(paydate, 1)];
    for (const [period, from] of payments.entries()) {
      const until = period + 1 < payments.length ? payments[period + 1]! : paydate;
      await recordSubscriptionPayment(db, {
        subscriptionId: id,
        userId: subscriber,
        costKopecks,
        description,
        period,
        from,
        until,
        maskedPan: DEMO_CARD.pan,
        at: Math.min(from, now - HOUR),
      });
    }
  }
}
