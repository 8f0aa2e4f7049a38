import { randomBytes } from 'node:crypto';
import { moscowDateKey } from '../../../src/shared/domain/moscow-time';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { PaymentProviderError } from '../../providers/payments';
import { DISABLED_PAYMENTS_KIND, PAYMENTS_DISABLED_TEXT } from '../../providers/payments-disabled';
import type { Services } from '../../services';

/**
 * Payment orders: one row per attempt to pay through the acquirer. The status moves only forward,
 * by compare-and-set, so concurrent or repeated notifications cannot apply one change twice.
 */

export type OrderKind = 'topup' | 'card_binding';
export type OrderStatus = 'NEW' | 'AUTHORIZED' | 'CONFIRMED' | 'REJECTED' | 'REVERSED' | 'REFUNDED';

/** Card binding holds (and then releases) this much: shell §9 'Linking a card freezes 1 rouble'. */
export const CARD_BINDING_KOPECKS = 100;

export const NO_PAYMENT_LINK = 'Отсутствует ссылка на оплату';

/** The states an order may come from to reach each state; anything else is a repeat or arrives late. */
const PREDECESSORS: Record<OrderStatus, readonly OrderStatus[]> = {
  NEW: [],
  AUTHORIZED: ['NEW'],
  CONFIRMED: ['NEW', 'AUTHORIZED'],
  REJECTED: ['NEW', 'AUTHORIZED'],
  REVERSED: ['NEW', 'AUTHORIZED'],
  REFUNDED: ['CONFIRMED'],
};

/**
 * Our state for an acquirer status; null for the in-between ones (FORM_SHOWED, AUTHORIZING,
 * CONFIRMING, PARTIAL_REFUNDED, …) that change nothing on our side.
 */
export function orderStatusOf(providerStatus: string): OrderStatus | null {
  switch (providerStatus) {
    case 'AUTHORIZED':
    case 'CONFIRMED':
    case 'REJECTED':
    case 'REVERSED':
    case 'REFUNDED':
      return providerStatus;
    case 'AUTH_FAIL':
    case 'DEADLINE_EXPIRED':
    case 'ATTEMPTS_EXPIRED':
      return 'REJECTED';
    case 'PARTIAL_REVERSED':
      return 'REVERSED';
    default:
      return null;
  }
}

/** The acquirer's customer of a user: their saved cards and rebills are bound to it. */
export function customerKeyFor(userId: number): string {
  return `user-${userId}`;
}

/** A fresh order number: the Moscow day and 40 random bits, e.g. 20250301-9f3a61c2d4. */
export function newOrderNumber(now: number): string {
  return `${moscowDateKey(now).replaceAll('-', '')}-${randomBytes(5).toString('hex')}`;
}

/**
 * Moves an order to `to` if it is in one of its predecessor states; true when this call made the
 * move (the caller then owns the effects of the change: ledger entries, the card).
 */
export async function moveOrder(db: Db, orderNumber: string, to: OrderStatus, now: number, extra: { errorCode?: string } = {}): Promise<boolean> {
  const from = PREDECESSORS[to];
  if (from.length === 0) return false;
  const result = await db
    .updateTable('payment_orders')
    .set({ status: to, updated_at: now, ...(extra.errorCode ? { error_code: extra.errorCode } : {}) })
    .where('order_number', '=', orderNumber)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface CreateOrderInput {
  userId: number;
  kind: OrderKind;
  amountKopecks: number;
  description: string;
  email: string;
  /** The offer version the buyer agreed to (top-ups); kept with the order. */
  offerDocumentId?: number | null;
}

/**
 * Records a NEW order, asks the provider for a payment page and returns its address. A provider
 * refusal marks the order REJECTED and reaches the user as a '0' with the bank's words.
 */
export async function createPaymentOrder(services: Services, input: CreateOrderInput): Promise<{ orderNumber: string; paymentUrl: string }> {
  const { db, payments } = services;
  // No bank connected: say so before any order is recorded.
  if (payments.kind === DISABLED_PAYMENTS_KIND) fail(PAYMENTS_DISABLED_TEXT);
  const now = services.clock.now();
  const orderNumber = newOrderNumber(now);
  await db
    .insertInto('payment_orders')
    .values({
      order_number: orderNumber,
      user_id: input.userId,
      kind: input.kind,
      amount_kopecks: input.amountKopecks,
      description: input.description,
      email: input.email,
      provider: payments.kind,
      payment_id: null,
      status: 'NEW',
      offer_document_id: input.offerDocumentId ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  let result;
  try {
    result = await payments.init({
      orderId: orderNumber,
      amountKopecks: input.amountKopecks,
      description: input.description,
      customerKey: customerKeyFor(input.userId),
      email: input.email || undefined,
      recurrent: input.kind === 'card_binding',
      cardBinding: input.kind === 'card_binding',
    });
  } catch (error) {
    await moveOrder(db, orderNumber, 'REJECTED', services.clock.now(), { errorCode: 'init_failed' });
    if (error instanceof PaymentProviderError) fail(error.message);
    throw error;
  }
  await db
    .updateTable('payment_orders')
    .set({ payment_id: result.paymentId, payment_url: result.paymentUrl, updated_at: services.clock.now() })
    .where('order_number', '=', orderNumber)
    .execute();
  if (!result.paymentUrl) fail(NO_PAYMENT_LINK);
  return { orderNumber, paymentUrl: result.paymentUrl };
}
