import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../../../src/shared/contract';
import { CallFailure } from '../../contract/errors';
import { JobRunner, jobDefinitions } from '../../jobs';
import type { Services } from '../../services';
import { makeStudent } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { balanceKopecks } from './ledger';
import { ScriptedPayments } from './scripted-payments';
import { renewalOrderId, renewSubscription } from './subscription-renewal';
import {
  cancelSubscriptions,
  listActiveSubscriptions,
  nextPaydate,
  resumeSubscriptions,
  scheduleRenewal,
  startSubscription,
  SUBSCRIPTION_MESSAGES,
} from './subscriptions';

/** 'YYYY-MM-DDTHH:MM' Moscow wall-clock → epoch ms. */
const msk = (local: string) => Date.parse(`${local}:00+03:00`);
const HOUR = 3_600_000;

describe('nextPaydate', () => {
  it('keeps the Moscow time and the anchor day, clamped to short months', () => {
    expect(nextPaydate(msk('2027-01-31T10:00'), 31)).toBe(msk('2027-02-28T10:00'));
    expect(nextPaydate(msk('2027-02-28T10:00'), 31)).toBe(msk('2027-03-31T10:00'));
    expect(nextPaydate(msk('2028-01-30T23:30'), 30)).toBe(msk('2028-02-29T23:30'));
    expect(nextPaydate(msk('2026-12-15T00:10'), 15)).toBe(msk('2027-01-15T00:10'));
  });
});

// Renewals run against the real database of each dialect, with the job runner driven by hand at
// chosen instants and a scripted bank in place of the acquirer.
describe.each(testDialects)('subscription renewals on %s', (dialect) => {
  let server: TestServer;
  let payments: ScriptedPayments;
  let services: Services;
  let runner: JobRunner;
  let seq = 0;
  // The first paydate of every subscription these tests start.
  const PAYDATE = msk('2031-03-15T10:00');
  const NEXT = msk('2031-04-15T10:00');
  const BEFORE = PAYDATE - 10 * 24 * HOUR;

  const db = () => server.server.services.db;

  /** A new subscriber with a main card (unless `card` is false) and a 2900 ₽ subscription due at PAYDATE. */
  async function subscriber(card = true): Promise<{ userId: number; subId: number }> {
    seq += 1;
    const { id: userId } = await makeStudent(server, { login: `sub-${dialect}-${seq}`, type: 'Подписка', surname: `Подписчик${seq}`, createdAt: BEFORE });
    if (card) {
      await db()
        .insertInto('payment_cards')
        .values({
          user_id: userId,
          provider: 'scripted',
          provider_card_id: `c${seq}`,
          rebill_id: `r${seq}`,
          masked_pan: '430000******0777',
          card_type: 'Visa',
          is_main: 1,
          order_number: `card-${dialect}-${seq}`,
          created_at: BEFORE,
        })
        .execute();
    }
    const subId = await startSubscription(db(), { userId, costKopecks: 290_000, paydate: PAYDATE, description: 'Тариф «Подписка»' }, BEFORE);
    return { userId, subId };
  }

  const subRow = (id: number) => db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledgerOf = (userId: number) =>
    db().selectFrom('ledger_entries').select(['amount_kopecks', 'kind', 'basis', 'comment', 'order_number']).where('user_id', '=', userId).orderBy('id').execute();
  const chargesOf = (subId: number) => payments.charges.filter((charge) => charge.orderId.startsWith(`sub-${subId}-`));
  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(CallFailure);
    return (error as CallFailure).message;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    // The tests run the jobs themselves, at the instants they choose.
    await server.server.jobs.stop();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    // Each test sees only its own renewals: earlier tests' and the demo subscriber's are set aside.
    await db().updateTable('jobs').set({ status: 'done' }).where('status', '=', 'pending').execute();
    payments = new ScriptedPayments();
    services = { ...server.server.services, payments };
    runner = new JobRunner(services, jobDefinitions, { id: 'runner-a' });
  });

  it('charges the main card at the paydate once, records the payment and moves the paydate a month ahead', async () => {
    const { userId, subId } = await subscriber();
    const balance = await balanceKopecks(db(), userId);
    expect(await listActiveSubscriptions(db(), userId, BEFORE)).toEqual([
      { cost: '2900', isCancelled: '0', paydate: '15.03.2031', paymentFailed: '0', isPaused: '0', statusText: '' },
    ]);

    await runner.runDue(PAYDATE - 1);
    expect(chargesOf(subId)).toEqual([]);
    await runner.runDue(PAYDATE);
    expect(chargesOf(subId)).toEqual([
      { orderId: renewalOrderId(subId, 1), amountKopecks: 290_000, rebillId: expect.any(String), description: 'Тариф «Подписка»: 15.03.2031 – 15.04.2031', customerKey: `user-${userId}` },
    ]);
    expect(await ledgerOf(userId)).toEqual([
      { amount_kopecks: 290_000, kind: 'topup', basis: 'Оплата картой', comment: 'Автоплатёж подписки с карты 430000******0777', order_number: `sub-${subId}-1` },
      { amount_kopecks: -290_000, kind: 'subscription', basis: 'Продление подписки', comment: 'Тариф «Подписка», 15.03.2031 – 15.04.2031', order_number: `sub-${subId}-1-fee` },
    ]);
    // The card paid: the balance is what it was.
    expect(await balanceKopecks(db(), userId)).toBe(balance);
    expect(await subRow(subId)).toMatchObject({ status: 'active', period: 1, paydate: NEXT, failed_attempts: 0 });
    expect(await listActiveSubscriptions(db(), userId, PAYDATE + HOUR)).toEqual([
      { cost: '2900', isCancelled: '0', paydate: '15.04.2031', paymentFailed: '0', isPaused: '0', statusText: '' },
    ]);

    // The next month's renewal is already queued, and pays the next period.
    await runner.runDue(NEXT - 1);
    expect(chargesOf(subId)).toHaveLength(1);
    await runner.runDue(NEXT);
    expect(chargesOf(subId).map((charge) => charge.orderId)).toEqual([`sub-${subId}-1`, `sub-${subId}-2`]);
    expect(await subRow(subId)).toMatchObject({ status: 'active', period: 2, paydate: msk('2031-05-15T10:00') });
  });

  it('a new subscription price set in the Тарифы tab reaches the next renewal, not the charges already made', async () => {
    const { userId, subId } = await subscriber();
    await runner.runDue(PAYDATE);
    expect(chargesOf(subId).map((charge) => charge.amountKopecks)).toEqual([290_000]);
    const paid = await ledgerOf(userId);

    const adminSocket = await (await server.signIn('admin')).openLive();
    await adminSocket.request(admin.updateTarif, { tarif: '4', cost: 3100 });
    adminSocket.close();
    expect(await ledgerOf(userId)).toEqual(paid);
    expect(await listActiveSubscriptions(db(), userId, PAYDATE + HOUR)).toEqual([
      { cost: '3100', isCancelled: '0', paydate: '15.04.2031', paymentFailed: '0', isPaused: '0', statusText: '' },
    ]);

    await runner.runDue(NEXT);
    expect(chargesOf(subId).map((charge) => charge.amountKopecks)).toEqual([290_000, 310_000]);
    expect((await ledgerOf(userId)).slice(0, paid.length)).toEqual(paid);
    expect((await ledgerOf(userId)).at(-1)).toMatchObject({ amount_kopecks: -310_000, kind: 'subscription' });
  });

  it('after an outage longer than a period charges one fresh period from now, not the missed months back to back', async () => {
    const { userId, subId } = await subscriber();
    // The platform was down from before the paydate until three months and two days later.
    const back = msk('2031-06-17T12:30');
    await runner.runDue(back);
    await runner.runDue(back); // the next renewal is not due yet
    expect(chargesOf(subId)).toEqual([expect.objectContaining({ orderId: renewalOrderId(subId, 1), description: 'Тариф «Подписка»: 17.06.2031 – 17.07.2031' })]);
    expect(await subRow(subId)).toMatchObject({ status: 'active', period: 1, paydate: msk('2031-07-17T12:30'), anchor_day: 17 });
    expect((await ledgerOf(userId)).filter((entry) => entry.kind === 'subscription').map((entry) => entry.comment)).toEqual(['Тариф «Подписка», 17.06.2031 – 17.07.2031']);
    await runner.runDue(msk('2031-07-17T12:30'));
    expect(chargesOf(subId).map((charge) => charge.description)).toEqual(['Тариф «Подписка»: 17.06.2031 – 17.07.2031', 'Тариф «Подписка»: 17.07.2031 – 17.08.2031']);
  });

  it('retries a declined renewal after an hour, shows the failure meanwhile, and succeeds on the retry', async () => {
    const { userId, subId } = await subscriber();
    payments.next({ decline: 'Банк отказал: недостаточно средств на карте' });
    await runner.runDue(PAYDATE);
    expect(await subRow(subId)).toMatchObject({ status: 'past_due', period: 0, failed_attempts: 1, next_attempt_at: PAYDATE + HOUR });
    expect(await ledgerOf(userId)).toEqual([]);
    expect(await listActiveSubscriptions(db(), userId, PAYDATE + 60_000)).toEqual([
      {
        cost: '2900',
        isCancelled: '0',
        paydate: '15.03.2031',
        paymentFailed: '1',
        isPaused: '0',
        statusText: 'Не удалось списать оплату: банк отказал: недостаточно средств на карте. Следующая попытка — 15.03.2031 в 11:00.',
      },
    ]);

    await runner.runDue(PAYDATE + HOUR - 1);
    expect(chargesOf(subId)).toHaveLength(1);
    await runner.runDue(PAYDATE + HOUR);
    expect(chargesOf(subId).map((charge) => charge.orderId)).toEqual([`sub-${subId}-1`, `sub-${subId}-1`]);
    // Paid late, but the period still runs from the paydate.
    expect(await subRow(subId)).toMatchObject({ status: 'active', period: 1, paydate: NEXT, failed_attempts: 0, last_failure: '', next_attempt_at: null });
    expect((await ledgerOf(userId)).map((entry) => entry.amount_kopecks)).toEqual([290_000, -290_000]);
    expect((await listActiveSubscriptions(db(), userId, PAYDATE + 2 * HOUR))[0]).toMatchObject({ paymentFailed: '0', isPaused: '0', statusText: '', paydate: '15.04.2031' });
  });

  it('after a decline at the paydate and after 1 h, 6 h and 24 h pauses the subscription as unpaid; resuming charges again', async () => {
    const { userId, subId } = await subscriber();
    const decline = { decline: 'Банк отказал: карта заблокирована' };
    payments.next(decline, 'outage', decline, decline);
    const attempts = [PAYDATE, PAYDATE + HOUR, PAYDATE + 7 * HOUR, PAYDATE + 31 * HOUR];
    for (const [index, at] of attempts.entries()) {
      await runner.runDue(at);
      expect(chargesOf(subId)).toHaveLength(index + 1);
      // Until the last one, each failure schedules the next attempt.
      if (index < 3) expect(await subRow(subId)).toMatchObject({ status: 'past_due', failed_attempts: index + 1, next_attempt_at: attempts[index + 1] });
    }
    const row = await subRow(subId);
    expect(row).toMatchObject({ status: 'unpaid', failed_attempts: 4, last_failure: 'Банк отказал: карта заблокирована', next_attempt_at: null, period: 0 });
    expect(await listActiveSubscriptions(db(), userId, attempts[3]! + HOUR)).toEqual([
      {
        cost: '2900',
        isCancelled: '0',
        paydate: '15.03.2031',
        paymentFailed: '1',
        isPaused: '1',
        statusText: 'Оплата не прошла: банк отказал: карта заблокирована. Подписка приостановлена: проверьте карту и возобновите подписку.',
      },
    ]);
    // Nothing more is scheduled: a paused subscription is not charged again by itself.
    await runner.runDue(attempts[3]! + 30 * 24 * HOUR);
    expect(chargesOf(subId)).toHaveLength(4);
    expect(await ledgerOf(userId)).toEqual([]);

    // Resuming it tries at once; this time the bank approves.
    const resumedAt = attempts[3]! + 2 * 24 * HOUR;
    await resumeSubscriptions(db(), userId, resumedAt);
    expect(await listActiveSubscriptions(db(), userId, resumedAt)).toEqual([
      { cost: '2900', isCancelled: '0', paydate: '15.03.2031', paymentFailed: '1', isPaused: '0', statusText: 'Списание оплаты запланировано на 18.03.2031 в 17:00.' },
    ]);
    await runner.runDue(resumedAt);
    expect(chargesOf(subId)).toHaveLength(5);
    expect(await subRow(subId)).toMatchObject({ status: 'active', period: 1, paydate: NEXT, failed_attempts: 0 });
  });

  it('an outage counts as a failed attempt with its own message', async () => {
    const { userId, subId } = await subscriber();
    payments.next('outage');
    await runner.runDue(PAYDATE);
    expect(await subRow(subId)).toMatchObject({ status: 'past_due', last_failure: 'платёжная система не ответила' });
    expect((await listActiveSubscriptions(db(), userId, PAYDATE))[0]!.statusText).toMatch(/^Не удалось списать оплату: платёжная система не ответила\./);
  });

  it('without a saved card the renewal fails visibly and is retried like a decline', async () => {
    const { userId, subId } = await subscriber(false);
    await runner.runDue(PAYDATE);
    expect(payments.charges).toEqual([]);
    expect(await subRow(subId)).toMatchObject({ status: 'past_due', failed_attempts: 1, last_failure: 'нет привязанной карты для списания' });
    expect((await listActiveSubscriptions(db(), userId, PAYDATE))[0]).toMatchObject({ paymentFailed: '1' });
  });

  it('a subscription cancelled before its paydate stays until then, is not renewed, and then ends', async () => {
    const { userId, subId } = await subscriber();
    await cancelSubscriptions(db(), userId, BEFORE + HOUR);
    expect(await listActiveSubscriptions(db(), userId, BEFORE + HOUR)).toEqual([
      { cost: '2900', isCancelled: '1', paydate: '15.03.2031', paymentFailed: '0', isPaused: '0', statusText: '' },
    ]);
    expect(await failureOf(cancelSubscriptions(db(), userId, BEFORE + 2 * HOUR))).toBe(SUBSCRIPTION_MESSAGES.alreadyCancelled);

    await runner.runDue(PAYDATE);
    expect(chargesOf(subId)).toEqual([]);
    expect(await subRow(subId)).toMatchObject({ status: 'ended', period: 0 });
    expect(await listActiveSubscriptions(db(), userId, PAYDATE)).toEqual([]);
    expect(await failureOf(cancelSubscriptions(db(), userId, PAYDATE))).toBe(SUBSCRIPTION_MESSAGES.nothingToCancel);
    expect(await failureOf(resumeSubscriptions(db(), userId, PAYDATE))).toBe(SUBSCRIPTION_MESSAGES.nothingToResume);
  });

  it('a cancelled subscription resumed before its paydate renews as planned', async () => {
    const { userId, subId } = await subscriber();
    expect(await failureOf(resumeSubscriptions(db(), userId, BEFORE))).toBe(SUBSCRIPTION_MESSAGES.alreadyActive);
    await cancelSubscriptions(db(), userId, BEFORE);
    await resumeSubscriptions(db(), userId, BEFORE + HOUR);
    expect((await listActiveSubscriptions(db(), userId, BEFORE + HOUR))[0]).toMatchObject({ isCancelled: '0' });
    await runner.runDue(PAYDATE);
    expect(chargesOf(subId)).toHaveLength(1);
    expect(await subRow(subId)).toMatchObject({ status: 'active', period: 1, paydate: NEXT });
  });

  it('a job run twice at once charges once', async () => {
    const { userId, subId } = await subscriber();
    payments.delayMs = 50;
    const other = new JobRunner(services, jobDefinitions, { id: 'runner-b' });
    const ran = await Promise.all([runner.runDue(PAYDATE), other.runDue(PAYDATE), runner.runDue(PAYDATE), other.runDue(PAYDATE)]);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(chargesOf(subId)).toHaveLength(1);
    expect((await ledgerOf(userId)).map((entry) => entry.order_number)).toEqual([`sub-${subId}-1`, `sub-${subId}-1-fee`]);

    // Even a handler called twice side by side, past the runner's claim, charges the period once.
    const again = await subscriber();
    await Promise.all([
      renewSubscription(services, { subscriptionId: again.subId, period: 1 }, PAYDATE),
      renewSubscription(services, { subscriptionId: again.subId, period: 1 }, PAYDATE),
    ]);
    expect(chargesOf(again.subId)).toHaveLength(1);
    expect(await subRow(again.subId)).toMatchObject({ period: 1, paydate: NEXT });
  });

  it('a renewal job that runs again after its period was paid charges nothing', async () => {
    const { userId, subId } = await subscriber();
    await runner.runDue(PAYDATE);
    // Re-arm the finished job of period 1, as a replayed or duplicated job would be.
    await scheduleRenewal(db(), subId, 1, PAYDATE, PAYDATE);
    expect(await runner.runDue(PAYDATE + 1)).toBe(1);
    expect(chargesOf(subId)).toHaveLength(1);
    expect(await ledgerOf(userId)).toHaveLength(2);
    expect(await subRow(subId)).toMatchObject({ period: 1, paydate: NEXT });
  });
});
