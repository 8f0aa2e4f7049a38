import { randomBytes, randomInt } from 'node:crypto';
import type { Env, Hono } from 'hono';
import type { Db } from '../db';
import type { Logger } from '../log';
import { PaymentProviderError, type PaymentProvider } from './payments';
import { parseNotification, tbankToken } from './tbank';
import { TEST_ACQUIRER_PATH, TEST_CARDS, renderPaymentPage, renderResultPage, type TestCard } from './test-acquirer-pages';

export { TEST_ACQUIRER_PATH, TEST_CARDS };

/**
 * The built-in test acquirer: the embedded default when T-Bank is not configured. It keeps its own
 * books in test_acquirer_* tables, serves a payment page on our own server, and on 'Оплатить' or
 * 'Отклонить' posts to our webhook exactly the notification T-Bank would, signed with the T-Bank
 * token algorithm and a per-install secret. Nothing real is ever charged.
 *
 * Declines for tests: a recurrent charge of a card whose number ends with DECLINE_PAN_SUFFIX is
 * refused (the page offers such a card), as a real card without funds would be.
 */

export const TEST_TERMINAL_KEY = 'EnotTestAcquirer';
/** Recurrent charges of a card ending with these digits are declined (for renewal-failure tests). */
export const DECLINE_PAN_SUFFIX = '0051';

export interface TestAcquirerOptions {
  db: Db;
  log: Logger;
  now: () => number;
  /** Our public address, e.g. http://127.0.0.1:3000 (a getter: with PORT=0 it is known late). */
  publicUrl: () => string;
  /** Where notifications go (our webhook). */
  notificationUrl: () => string;
  fetch?: typeof fetch;
}

export interface TestAcquirer extends PaymentProvider {
  readonly kind: 'test';
  /** The per-install secret (the 'Password' of the token); tests sign notifications with it. */
  readonly secret: string;
  /** Serves the payment page and its form. */
  mount<E extends Env>(app: Hono<E>): void;
  /** What pressing a button on the page does; returns where the browser goes next. */
  submit(paymentId: string, action: 'pay' | 'decline', cardIndex?: number): Promise<{ redirect: string } | { error: string }>;
}

export function isTestAcquirer(provider: PaymentProvider): provider is TestAcquirer {
  return provider.kind === 'test' && 'mount' in provider;
}

/** Digits like T-Bank's numeric ids (no leading zero). */
function numericId(length: number): string {
  let id = String(randomInt(1, 10));
  while (id.length < length) id += String(randomInt(0, 10));
  return id;
}

/** Loads (or creates once per install) the notification secret, then builds the provider. */
export async function createTestAcquirer(options: TestAcquirerOptions): Promise<TestAcquirer> {
  const { db, log } = options;
  await db
    .insertInto('test_acquirer_settings')
    .values({ name: 'notification_secret', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const secret = (
    await db.selectFrom('test_acquirer_settings').select('value').where('name', '=', 'notification_secret').executeTakeFirstOrThrow()
  ).value;
  const doFetch = options.fetch ?? fetch;

  /** Signs and posts one notification to our webhook; true when it answered OK. */
  async function notify(url: string, fields: Record<string, unknown>): Promise<boolean> {
    const body: Record<string, unknown> = { TerminalKey: TEST_TERMINAL_KEY, ...fields };
    body.Token = tbankToken(body, secret);
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = (await response.text()).trim();
      return response.ok && text === 'OK';
    } catch (error) {
      log.error('test acquirer: notification failed', error);
      return false;
    }
  }

  async function cardFor(customerKey: string, card: TestCard) {
    const existing = await db
      .selectFrom('test_acquirer_cards')
      .selectAll()
      .where('customer_key', '=', customerKey)
      .where('pan', '=', card.pan)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (existing) return existing;
    const row = {
      card_id: numericId(9),
      customer_key: customerKey,
      pan: card.pan,
      exp_date: card.expDate,
      rebill_id: numericId(13),
      created_at: options.now(),
      removed_at: null,
    };
    await db.insertInto('test_acquirer_cards').values(row).execute();
    return row;
  }

  /** Records a payment at the test acquirer; returns its new id. */
  async function recordPayment(
    request: { orderId: string; amountKopecks: number; description: string; customerKey: string },
    fields: { payType: 'O' | 'T'; recurrent: boolean; status: string; cardId: string | null; notificationUrl?: string; successUrl?: string; failUrl?: string },
  ): Promise<string> {
    const paymentId = numericId(12);
    const now = options.now();
    await db
      .insertInto('test_acquirer_payments')
      .values({
        payment_id: paymentId,
        order_id: request.orderId,
        amount_kopecks: request.amountKopecks,
        description: request.description,
        customer_key: request.customerKey,
        pay_type: fields.payType,
        recurrent: fields.recurrent ? 1 : 0,
        status: fields.status,
        card_id: fields.cardId,
        ...(fields.notificationUrl !== undefined ? { notification_url: fields.notificationUrl } : {}),
        ...(fields.successUrl !== undefined ? { success_url: fields.successUrl } : {}),
        ...(fields.failUrl !== undefined ? { fail_url: fields.failUrl } : {}),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return paymentId;
  }

  async function setStatus(paymentId: string, from: string[], to: string, cardId?: string | null): Promise<boolean> {
    const result = await db
      .updateTable('test_acquirer_payments')
      .set({ status: to, updated_at: options.now(), ...(cardId !== undefined ? { card_id: cardId } : {}) })
      .where('payment_id', '=', paymentId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  const provider: TestAcquirer = {
    kind: 'test',
    secret,

    async init(request) {
      if (!Number.isSafeInteger(request.amountKopecks) || request.amountKopecks <= 0) {
        throw new PaymentProviderError('Неверная сумма платежа');
      }
      const paymentId = await recordPayment(request, {
        payType: request.cardBinding ? 'T' : 'O',
        recurrent: Boolean(request.recurrent || request.cardBinding),
        status: 'NEW',
        cardId: null,
        notificationUrl: options.notificationUrl(),
        successUrl: request.successUrl ?? '',
        failUrl: request.failUrl ?? '',
      });
      return { paymentId, paymentUrl: `${options.publicUrl()}${TEST_ACQUIRER_PATH}/${paymentId}` };
    },

    verifyNotification(body) {
      return parseNotification(body, TEST_TERMINAL_KEY, secret);
    },

    async getState(paymentId) {
      const row = await db.selectFrom('test_acquirer_payments').select('status').where('payment_id', '=', paymentId).executeTakeFirst();
      if (!row) throw new PaymentProviderError('Платёж не найден');
      return { status: row.status, success: true };
    },

    async charge(request) {
      const card = await db
        .selectFrom('test_acquirer_cards')
        .selectAll()
        .where('rebill_id', '=', request.rebillId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      const declined = !card || card.pan.endsWith(DECLINE_PAN_SUFFIX);
      const paymentId = await recordPayment(request, {
        payType: 'O',
        recurrent: false,
        status: declined ? 'REJECTED' : 'CONFIRMED',
        cardId: card?.card_id ?? null,
      });
      if (!card) return { paymentId, status: 'REJECTED', success: false, message: 'Банк отказал: карта не найдена' };
      if (declined) return { paymentId, status: 'REJECTED', success: false, message: 'Банк отказал: недостаточно средств на карте' };
      return { paymentId, status: 'CONFIRMED', success: true };
    },

    async cancel({ paymentId }) {
      if (await setStatus(paymentId, ['AUTHORIZED'], 'REVERSED')) return { status: 'REVERSED', success: true };
      if (await setStatus(paymentId, ['CONFIRMED'], 'REFUNDED')) return { status: 'REFUNDED', success: true };
      throw new PaymentProviderError('Платёж нельзя отменить в его текущем состоянии');
    },

    async removeCard({ customerKey, cardId }) {
      await db
        .updateTable('test_acquirer_cards')
        .set({ removed_at: options.now() })
        .where('card_id', '=', cardId)
        .where('customer_key', '=', customerKey)
        .where('removed_at', 'is', null)
        .execute();
    },

    async submit(paymentId, action, cardIndex = 0) {
      const payment = await db.selectFrom('test_acquirer_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
      if (!payment) return { error: 'Платёж не найден.' };
      const back = (url: string) => url || `${options.publicUrl()}/study/finances`;
      const common = { OrderId: payment.order_id, PaymentId: Number(payment.payment_id), Amount: payment.amount_kopecks };
      if (action === 'decline') {
        if (!(await setStatus(paymentId, ['NEW'], 'REJECTED'))) return { error: 'Платёж уже обработан.' };
        const ok = await notify(payment.notification_url, { ...common, Success: false, Status: 'REJECTED', ErrorCode: '1051' });
        return ok ? { redirect: back(payment.fail_url) } : { error: 'Платёж отклонён, но сервер платформы не принял уведомление.' };
      }
      const card = TEST_CARDS[cardIndex] ?? TEST_CARDS[0]!;
      const saved = payment.recurrent ? await cardFor(payment.customer_key, card) : null;
      const status = payment.pay_type === 'T' ? 'AUTHORIZED' : 'CONFIRMED';
      if (!(await setStatus(paymentId, ['NEW'], status, saved?.card_id ?? null))) return { error: 'Платёж уже обработан.' };
      const cardFields = {
        Pan: card.pan,
        ExpDate: card.expDate,
        ...(saved ? { CardId: Number(saved.card_id), RebillId: Number(saved.rebill_id) } : {}),
      };
      // Like T-Bank: AUTHORIZED first, then CONFIRMED for a one-stage payment.
      let ok = await notify(payment.notification_url, { ...common, ...cardFields, Success: true, Status: 'AUTHORIZED', ErrorCode: '0' });
      if (ok && status === 'CONFIRMED') {
        ok = await notify(payment.notification_url, { ...common, ...cardFields, Success: true, Status: 'CONFIRMED', ErrorCode: '0' });
      }
      return ok ? { redirect: back(payment.success_url) } : { error: 'Оплата проведена, но сервер платформы не принял уведомление.' };
    },

    mount(app) {
      app.get(`${TEST_ACQUIRER_PATH}/:paymentId`, async (c) => {
        const paymentId = c.req.param('paymentId');
        const payment = await db.selectFrom('test_acquirer_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
        if (!payment) return c.html(renderResultPage('Платёж не найден.', `${options.publicUrl()}/study/finances`), 404);
        return c.html(
          renderPaymentPage({
            paymentId,
            amountKopecks: payment.amount_kopecks,
            description: payment.description,
            orderId: payment.order_id,
            status: payment.status,
            saveCard: payment.recurrent === 1,
            backUrl: payment.fail_url || `${options.publicUrl()}/study/finances`,
          }),
        );
      });
      app.post(`${TEST_ACQUIRER_PATH}/:paymentId`, async (c) => {
        const form = await c.req.parseBody();
        const action = form.action === 'pay' ? 'pay' : form.action === 'decline' ? 'decline' : null;
        if (!action) return c.html(renderResultPage('Не выбрано действие.', `${options.publicUrl()}/study/finances`), 400);
        const cardIndex = Number(form.card ?? 0);
        const outcome = await provider.submit(c.req.param('paymentId'), action, Number.isInteger(cardIndex) ? cardIndex : 0);
        if ('error' in outcome) return c.html(renderResultPage(outcome.error, `${options.publicUrl()}/study/finances`), 409);
        return c.redirect(outcome.redirect, 303);
      });
    },
  };
  return provider;
}
