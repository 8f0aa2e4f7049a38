import { formatMoscowDate } from '../../../src/shared/domain/moscow-time';
import type { Db } from '../../db';
import { defineJob, type JobOutcome } from '../../jobs/job';
import { PaymentProviderError } from '../../providers/payments';
import type { Services } from '../../services';
import { addLedgerEntry } from './ledger';
import { customerKeyFor } from './orders';
import { moscowDay, nextPaydate, RENEWAL_RETRY_DELAYS_MS, renewalKind, scheduleRenewal, type RenewalPayload } from './subscriptions';

/** How long a renewal charge may take before another runner may try the same period again. */
const CHARGE_LOCK_MS = 10 * 60_000;

export const RENEWAL_MESSAGES = {
  noCard: 'нет привязанной карты для списания',
  providerDown: 'платёжная система не ответила',
  declined: 'банк отклонил платёж',
} as const;

/** The order of one period's renewal: the same on every retry, so it can enter the ledger once. */
export function renewalOrderId(subscriptionId: number, period: number): string {
  return `sub-${subscriptionId}-${period}`;
}

/** The card renewals are charged to: the main one, else the most recently bound. */
async function renewalCard(db: Db, userId: number) {
  return db
    .selectFrom('payment_cards')
    .select(['rebill_id', 'masked_pan'])
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('is_main', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export interface SubscriptionPayment {
  subscriptionId: number;
  userId: number;
  costKopecks: number;
  description: string;
  /** 0 for the first payment, then one per renewal. */
  period: number;
  from: number;
  until: number;
  maskedPan: string;
  at: number;
}

/**
 * The ledger of a card payment for a subscription period: the card's money arrives and pays the fee
 * at once, so two entries (+cost 'Оплата картой', −cost for the period) leave the balance as it was
 * while the history shows both what the card was charged and what it paid for. A single fee entry
 * would instead take the fee out of a balance the card already covered. Both entries carry the
 * period's order number, so they enter the ledger once however often the renewal runs.
 */
export async function recordSubscriptionPayment(trx: Db, payment: SubscriptionPayment): Promise<void> {
  const orderId = renewalOrderId(payment.subscriptionId, payment.period);
  const name = payment.description || 'Подписка';
  await addLedgerEntry(trx, {
    userId: payment.userId,
    amountKopecks: payment.costKopecks,
    kind: 'topup',
    basis: 'Оплата картой',
    comment: `${payment.period === 0 ? 'Оплата' : 'Автоплатёж'} подписки с карты ${payment.maskedPan}`,
    orderNumber: orderId,
    createdAt: payment.at,
  });
  await addLedgerEntry(trx, {
    userId: payment.userId,
    amountKopecks: -payment.costKopecks,
    kind: 'subscription',
    basis: payment.period === 0 ? 'Оплата подписки' : 'Продление подписки',
    comment: `${name}, ${formatMoscowDate(payment.from)} – ${formatMoscowDate(payment.until)}`,
    orderNumber: `${orderId}-fee`,
    createdAt: payment.at,
  });
}

/**
 * Renews one period of a subscription: charges the saved card and, on success, records the money
 * and moves the paydate a month ahead; on a decline, schedules the next retry or pauses it.
 *
 * Never charges one period twice: the job runner lets one runner hold the job; the period number
 * (the subscription's `period` must still be the one before) and `charge_lock_until` let only one
 * charge of a period be in flight even if the job were run twice; the order id (subscription,
 * period) is the same on every retry, so the provider can recognise a repeat and the ledger takes
 * its entries once.
 */
export async function renewSubscription(services: Services, { subscriptionId, period }: RenewalPayload, now: number): Promise<JobOutcome> {
  const { db } = services;
  const sub = await db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
  // Gone, already paid for this period, or a job of an older schedule: nothing to do.
  if (!sub || sub.period !== period - 1) return;
  if (sub.status === 'cancelled') {
    if (now < sub.paydate) return { retryAt: sub.paydate, error: '' };
    await db.updateTable('subscriptions').set({ status: 'ended', updated_at: now }).where('id', '=', sub.id).where('status', '=', 'cancelled').execute();
    return;
  }
  if (sub.status !== 'active' && sub.status !== 'past_due') return;
  const dueAt = sub.status === 'past_due' ? (sub.next_attempt_at ?? sub.paydate) : sub.paydate;
  if (now < dueAt) return { retryAt: dueAt, error: '' };

  const locked = await db
    .updateTable('subscriptions')
    .set({ charge_lock_until: now + CHARGE_LOCK_MS, updated_at: now })
    .where('id', '=', sub.id)
    .where('period', '=', period - 1)
    .where('status', 'in', ['active', 'past_due'])
    .where('charge_lock_until', '<', now)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) !== 1) return { retryAt: now + CHARGE_LOCK_MS, error: 'списание этого периода уже выполняется' };

  // A renewal that runs only after the whole period it would pay is over (the platform was down for
  // a month or more) starts a fresh period now instead of charging the missed months back to back.
  const missedPeriod = nextPaydate(sub.paydate, sub.anchor_day) <= now;
  const periodStart = missedPeriod ? now : sub.paydate;
  const anchorDay = missedPeriod ? moscowDay(now) : sub.anchor_day;
  const paidUntil = nextPaydate(periodStart, anchorDay);
  const orderId = renewalOrderId(sub.id, period);
  const card = await renewalCard(db, sub.user_id);
  let failure: string | null = null;
  if (!card) failure = RENEWAL_MESSAGES.noCard;
  else {
    try {
      const result = await services.payments.charge({
        orderId,
        amountKopecks: sub.cost_kopecks,
        rebillId: card.rebill_id,
        description: `${sub.description || 'Подписка'}: ${formatMoscowDate(periodStart)} – ${formatMoscowDate(paidUntil)}`,
        customerKey: customerKeyFor(sub.user_id),
      });
      if (!result.success) failure = result.message || RENEWAL_MESSAGES.declined;
    } catch (error) {
      if (error instanceof PaymentProviderError) failure = error.message;
      else {
        services.log.error(`subscription ${sub.id}: renewal charge failed`, error);
        failure = RENEWAL_MESSAGES.providerDown;
      }
    }
  }

  if (failure === null) {
    await db.transaction().execute(async (trx) => {
      await recordSubscriptionPayment(trx, {
        subscriptionId: sub.id,
        userId: sub.user_id,
        costKopecks: sub.cost_kopecks,
        description: sub.description,
        period,
        from: periodStart,
        until: paidUntil,
        maskedPan: card!.masked_pan,
        at: now,
      });
      await trx
        .updateTable('subscriptions')
        .set({ period, paydate: paidUntil, anchor_day: anchorDay, failed_attempts: 0, last_failure: '', next_attempt_at: null, charge_lock_until: 0, updated_at: now })
        .where('id', '=', sub.id)
        .where('period', '=', period - 1)
        .execute();
      // A cancel that came in during the charge stays a cancel; the month it paid is kept.
      await trx.updateTable('subscriptions').set({ status: 'active' }).where('id', '=', sub.id).where('status', '=', 'past_due').execute();
      await scheduleRenewal(trx, sub.id, period + 1, paidUntil, now);
    });
    return;
  }

  const reason = failure;
  const failedAttempts = sub.failed_attempts + 1;
  const retryDelay = RENEWAL_RETRY_DELAYS_MS[failedAttempts - 1];
  const retryAt = retryDelay === undefined ? null : now + retryDelay;
  return db.transaction().execute(async (trx): Promise<JobOutcome> => {
    await trx
      .updateTable('subscriptions')
      .set({ failed_attempts: failedAttempts, last_failure: reason, next_attempt_at: retryAt, charge_lock_until: 0, updated_at: now })
      .where('id', '=', sub.id)
      .execute();
    const moved = await trx
      .updateTable('subscriptions')
      .set({ status: retryAt === null ? 'unpaid' : 'past_due' })
      .where('id', '=', sub.id)
      .where('status', 'in', ['active', 'past_due'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) {
      // Cancelled while the charge was declined: its paid time is over, so it ends here.
      await trx.updateTable('subscriptions').set({ status: 'ended', next_attempt_at: null }).where('id', '=', sub.id).where('status', '=', 'cancelled').execute();
      return;
    }
    return retryAt === null ? undefined : { retryAt, error: reason };
  });
}

/** The renewal job the runner runs at each paydate (and at each retry). */
export const renewalJob = defineJob({
  ...renewalKind,
  run: (services, payload, { now }) => renewSubscription(services, payload, now),
});
