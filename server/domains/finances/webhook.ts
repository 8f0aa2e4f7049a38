import type { Hono } from 'hono';
import type { AppEnv } from '../../contract/http-router';
import type { PaymentNotification } from '../../providers/payments';
import { isTestAcquirer } from '../../providers/test-acquirer';
import type { Services } from '../../services';
import { roublesText } from '../../money/balance';
import { pushCards, saveBoundCard } from './cards';
import { addLedgerEntry } from './ledger';
import { moveOrder, orderStatusOf, type OrderStatus } from './orders';
import { PAYMENT_NOTIFICATION_PATH } from './paths';
import { parseBoundedJson } from '../../contract/bounded-json';
import { readBodyText } from '../../contract/bounded-body';
import { isRecord } from '../../../src/shared/guards';

/**
 * The acquirer's notifications (T-Bank 'NotificationURL'). The token is checked first; then one
 * transaction moves the order forward (compare-and-set on its status) and writes what that move
 * pays for, each ledger entry keyed by the order number. A repeat, a late or a reordered
 * notification therefore changes nothing; the answer is the plain 'OK' T-Bank waits for.
 */

/** Notifications are small; anything bigger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

export interface PaymentEvent {
  orderNumber: string;
  paymentId: string;
  status: OrderStatus;
  /** As the acquirer reports it; must equal the order's amount to authorise or confirm it. */
  amountKopecks: number;
  errorCode?: string;
  /** Masked number of the paying card, when the acquirer tells it. */
  pan?: string;
  card?: { cardId: string; rebillId: string; pan: string; expDate: string };
}

export type EventOutcome = 'applied' | 'unchanged' | 'unknown-order' | 'mismatch';

/** Applies one payment event in one transaction; returns what happened. */
export async function applyPaymentEvent(services: Services, event: PaymentEvent): Promise<{ outcome: EventOutcome; userId?: number; cardSaved?: boolean }> {
  const { db, log } = services;
  const now = services.clock.now();
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('payment_orders').selectAll().where('order_number', '=', event.orderNumber).executeTakeFirst();
    if (!order) return { outcome: 'unknown-order' as const };
    if (order.payment_id !== null && order.payment_id !== event.paymentId) {
      log.warn(`payment ${event.paymentId} does not belong to order ${order.order_number} (${order.payment_id}); ignored`);
      return { outcome: 'mismatch' as const, userId: order.user_id };
    }
    const paid = event.status === 'AUTHORIZED' || event.status === 'CONFIRMED';
    if (paid && event.amountKopecks !== order.amount_kopecks) {
      log.error(`order ${order.order_number}: acquirer reports ${event.amountKopecks} kopecks, order is ${order.amount_kopecks}; not credited`);
      await trx.updateTable('payment_orders').set({ error_code: 'amount_mismatch', updated_at: now }).where('id', '=', order.id).execute();
      return { outcome: 'mismatch' as const, userId: order.user_id };
    }
    if (order.payment_id === null) {
      // The Init answer was lost but the bank knows the order: keep its payment id.
      await trx.updateTable('payment_orders').set({ payment_id: event.paymentId }).where('id', '=', order.id).where('payment_id', 'is', null).execute();
    }
    const moved = await moveOrder(trx, order.order_number, event.status, now, { errorCode: event.status === 'REJECTED' ? event.errorCode : undefined });
    if (!moved) return { outcome: 'unchanged' as const, userId: order.user_id };

    let cardSaved = false;
    if (order.kind === 'topup' && event.status === 'CONFIRMED') {
      await addLedgerEntry(trx, {
        userId: order.user_id,
        amountKopecks: order.amount_kopecks,
        kind: 'topup',
        basis: 'Пополнение баланса',
        comment: event.pan ? `Оплата картой ${event.pan}` : 'Оплата картой',
        orderNumber: order.order_number,
        createdAt: now,
      });
    } else if (order.kind === 'topup' && event.status === 'REFUNDED') {
      await addLedgerEntry(trx, {
        userId: order.user_id,
        amountKopecks: -order.amount_kopecks,
        kind: 'refund',
        basis: 'Возврат платежа',
        comment: 'Банк вернул платёж на карту',
        orderNumber: `${order.order_number}-refund`,
        createdAt: now,
      });
    } else if (order.kind === 'card_binding' && paid) {
      if (event.card) {
        cardSaved = await saveBoundCard(trx, {
          userId: order.user_id,
          provider: order.provider,
          providerCardId: event.card.cardId,
          rebillId: event.card.rebillId,
          maskedPan: event.card.pan,
          expDate: event.card.expDate,
          orderNumber: order.order_number,
          now,
        });
      } else {
        log.warn(`binding order ${order.order_number}: the acquirer sent no card (RebillId/CardId); nothing saved`);
      }
      // The held rouble is the payer's all along: frozen and released together, net zero.
      const rub = roublesText(order.amount_kopecks);
      await addLedgerEntry(trx, {
        userId: order.user_id,
        amountKopecks: order.amount_kopecks,
        kind: 'card_freeze',
        basis: 'Привязка карты',
        comment: `Заморозка ${rub} ₽ для проверки карты${event.card?.pan ? ` ${event.card.pan}` : ''}`,
        orderNumber: order.order_number,
        createdAt: now,
      });
      await addLedgerEntry(trx, {
        userId: order.user_id,
        amountKopecks: -order.amount_kopecks,
        kind: 'card_release',
        basis: 'Привязка карты',
        comment: `Разморозка ${rub} ₽: деньги остаются на карте`,
        orderNumber: `${order.order_number}-release`,
        createdAt: now,
      });
    }
    return { outcome: 'applied' as const, userId: order.user_id, cardSaved };
  });
}

/**
 * A binding order that holds the rouble gets it released at the acquirer (Cancel). Runs after the
 * notification's transaction (a call to the bank cannot sit inside it); true when nothing is left
 * to do, false when the bank should repeat the notification so we try again.
 */
export async function releaseBindingHold(services: Services, orderNumber: string): Promise<boolean> {
  const { db, log } = services;
  const order = await db.selectFrom('payment_orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
  if (!order || order.kind !== 'card_binding' || (order.status !== 'AUTHORIZED' && order.status !== 'CONFIRMED')) return true;
  if (!order.payment_id) return true;
  try {
    const result = await services.payments.cancel({ paymentId: order.payment_id, amountKopecks: order.amount_kopecks });
    await moveOrder(db, orderNumber, result.status === 'REFUNDED' ? 'REFUNDED' : 'REVERSED', services.clock.now());
    return true;
  } catch (error) {
    // A concurrent duplicate may have released it already: ask the bank how the payment stands.
    const state = await services.payments.getState(order.payment_id).catch(() => null);
    if (state && (state.status === 'REVERSED' || state.status === 'REFUNDED')) {
      await moveOrder(db, orderNumber, state.status, services.clock.now());
      return true;
    }
    log.error(`binding order ${orderNumber}: releasing the hold failed`, error);
    return false;
  }
}

/** A checked notification as an event for applyPaymentEvent; null for statuses that change nothing. */
export function eventOf(notification: PaymentNotification): PaymentEvent | null {
  const status = orderStatusOf(notification.status);
  if (!status) return null;
  // 'Success: false' with a paying status is not a payment.
  if ((status === 'AUTHORIZED' || status === 'CONFIRMED') && !notification.success) return null;
  const { cardId, rebillId, pan } = notification;
  return {
    orderNumber: notification.orderId,
    paymentId: notification.paymentId,
    status,
    amountKopecks: notification.amountKopecks,
    errorCode: notification.errorCode,
    pan,
    card: cardId && rebillId && pan ? { cardId, rebillId, pan, expDate: notification.expDate ?? '' } : undefined,
  };
}

/** Handles one notification body; `status` 200 with 'OK' when processed (or nothing to do). */
export async function handleNotification(services: Services, body: Record<string, unknown>): Promise<{ status: 200 | 403 | 500; text: string }> {
  const notification = services.payments.verifyNotification(body);
  if (!notification) {
    services.log.warn(`payment notification with a bad token refused (order ${String(body.OrderId ?? '?')})`);
    return { status: 403, text: 'Forbidden' };
  }
  const event = eventOf(notification);
  if (event) {
    const result = await applyPaymentEvent(services, event);
    if (result.outcome === 'unknown-order') services.log.info(`payment notification for an order we do not keep (${event.orderNumber}); ignored`);
    if (result.cardSaved && result.userId !== undefined) await pushCards(services, result.userId);
  }
  // Release a binding hold on every notification that finds it still held: a failed release is retried with the bank's repeat.
  const released = await releaseBindingHold(services, notification.orderId);
  return released ? { status: 200, text: 'OK' } : { status: 500, text: 'RETRY' };
}

/** Mounts the notification route and, for the built-in test acquirer, its payment page. */
export function mountPaymentRoutes(app: Hono<AppEnv>, services: Services): void {
  app.post(PAYMENT_NOTIFICATION_PATH, async (c) => {
    const text = await readBodyText(c.req.raw, MAX_BODY_BYTES);
    if (text === null) return c.text('Too large', 413);
    // Bounded like every JSON input (depth, sizes) before the token check walks it.
    const parsed = parseBoundedJson(text);
    if (!parsed.ok) return c.text('Bad request', 400);
    const body = parsed.value;
    if (!isRecord(body)) return c.text('Bad request', 400);
    try {
      const result = await handleNotification(services, body);
      return c.text(result.text, result.status);
    } catch (error) {
      // The bank repeats a notification that did not get 'OK'.
      services.log.error('payment notification failed', error);
      return c.text('RETRY', 500);
    }
  });
  if (isTestAcquirer(services.payments)) services.payments.mount(app);
}

/** Pending top-ups older than this are checked with the bank when their owner opens the history. */
const RECONCILE_AFTER_MS = 2 * 60_000;
const RECONCILE_WITHIN_MS = 3 * 24 * 3600_000;

/**
 * A lost notification must not lose a payment: when a user opens the history, their recent
 * top-ups still pending are asked about (GetState) and settled the same way a notification would.
 * Provider trouble here is logged and never fails the call.
 */
export async function reconcilePendingTopUps(services: Services, userId: number, limit = 3): Promise<void> {
  const now = services.clock.now();
  const pending = await services.db
    .selectFrom('payment_orders')
    .select(['order_number', 'payment_id', 'amount_kopecks'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'topup')
    .where('provider', '=', services.payments.kind)
    .where('status', 'in', ['NEW', 'AUTHORIZED'])
    .where('payment_id', 'is not', null)
    .where('created_at', '<', now - RECONCILE_AFTER_MS)
    .where('created_at', '>', now - RECONCILE_WITHIN_MS)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  for (const order of pending) {
    try {
      const state = await services.payments.getState(order.payment_id!);
      const status = orderStatusOf(state.status);
      // Only final answers settle an order here; AUTHORIZED waits for its confirmation.
      if (!status || status === 'AUTHORIZED') continue;
      await applyPaymentEvent(services, { orderNumber: order.order_number, paymentId: order.payment_id!, status, amountKopecks: order.amount_kopecks });
    } catch (error) {
      services.log.warn(`reconciling order ${order.order_number} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
