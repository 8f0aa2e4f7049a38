import { createHash, timingSafeEqual } from 'node:crypto';
import {
  PaymentProviderError,
  type ChargeResult,
  type InitPaymentRequest,
  type InitPaymentResult,
  type PaymentNotification,
  type PaymentProvider,
} from './payments';

/**
 * T-Bank (Tinkoff) internet acquiring, API v2: Init, GetState, Charge, Cancel, RemoveCard and the
 * notification token check. The base address is configurable so tests run a local stand-in.
 */

/**
 * The request and notification token of T-Bank: SHA-256 (hex) over the values of the root-level
 * scalar fields plus `Password`, sorted by key and concatenated. `Token` itself and nested
 * objects or arrays (Receipt, DATA, Shops) take no part.
 */
export function tbankToken(fields: Record<string, unknown>, password: string): string {
  const pairs: Array<[string, string]> = [['Password', password]];
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'Token' || key === 'Password' || value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
      pairs.push([key, String(value)]);
    }
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(pairs.map(([, value]) => value).join(''), 'utf8').digest('hex');
}

/** Constant-time comparison of two hex tokens (a length mismatch is simply false). */
export function tokensEqual(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Parses a notification body whose token was made with `password`; null when it does not match. */
export function parseNotification(body: Record<string, unknown>, terminalKey: string, password: string): PaymentNotification | null {
  if (!tokensEqual(tbankToken(body, password), body.Token)) return null;
  if (String(body.TerminalKey ?? '') !== terminalKey) return null;
  const text = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));
  const orderId = text(body.OrderId);
  const paymentId = text(body.PaymentId);
  const status = text(body.Status);
  const amount = Number(body.Amount);
  if (!orderId || !paymentId || !status || !Number.isSafeInteger(amount) || amount < 0) return null;
  return {
    orderId,
    paymentId,
    status,
    success: body.Success === true || body.Success === 'true',
    amountKopecks: amount,
    rebillId: text(body.RebillId),
    cardId: text(body.CardId),
    pan: text(body.Pan),
    expDate: text(body.ExpDate),
    errorCode: text(body.ErrorCode),
  };
}

export interface TbankOptions {
  apiUrl: string;
  terminalKey: string;
  password: string;
  /** Where T-Bank posts notifications (PUBLIC_URL + the webhook path); a getter because the port may be known late. */
  notificationUrl: () => string;
  /** Where the payer returns (SuccessURL / FailURL) unless a request names its own. */
  returnUrl: () => string;
  /** Receipt (54-FZ) is sent only when the taxation system is configured. */
  receipt?: { taxation: string; tax: string };
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface TbankReply {
  Success?: boolean;
  ErrorCode?: string;
  Message?: string;
  Details?: string;
  Status?: string;
  PaymentId?: string | number;
  PaymentURL?: string;
}

const UNAVAILABLE = 'Банк не отвечает. Попробуйте ещё раз чуть позже.';

/** The T-Bank adapter of PaymentProvider. */
export function createTbankProvider(options: TbankOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/$/, '');

  async function post(method: string, fields: Record<string, unknown>): Promise<TbankReply> {
    const body: Record<string, unknown> = { TerminalKey: options.terminalKey, ...fields };
    body.Token = tbankToken(body, options.password);
    let response: Response;
    try {
      response = await doFetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch {
      throw new PaymentProviderError(UNAVAILABLE);
    }
    if (!response.ok) throw new PaymentProviderError(UNAVAILABLE);
    let reply: TbankReply;
    try {
      reply = (await response.json()) as TbankReply;
    } catch {
      throw new PaymentProviderError(UNAVAILABLE);
    }
    return reply;
  }

  /** A refusal as the bank words it; its Message is Russian and meant for the payer. */
  function refusal(reply: TbankReply): PaymentProviderError {
    const text = [reply.Message, reply.Details].filter(Boolean).join('. ');
    return new PaymentProviderError(text ? `Банк отказал: ${text}` : `Банк отказал (код ${reply.ErrorCode ?? '?'})`);
  }

  async function init(request: InitPaymentRequest & { forCharge?: boolean }): Promise<TbankReply> {
    const fields: Record<string, unknown> = {
      Amount: request.amountKopecks,
      OrderId: request.orderId,
      Description: request.description.slice(0, 140),
      CustomerKey: request.customerKey,
      NotificationURL: options.notificationUrl(),
      // Card binding holds the rouble (two-stage) so it can be released with Cancel.
      PayType: request.cardBinding ? 'T' : 'O',
    };
    if (request.recurrent || request.cardBinding) fields.Recurrent = 'Y';
    fields.SuccessURL = request.successUrl ?? options.returnUrl();
    fields.FailURL = request.failUrl ?? options.returnUrl();
    if (request.email) fields.DATA = { Email: request.email };
    if (options.receipt && request.email) {
      fields.Receipt = {
        Email: request.email,
        Taxation: options.receipt.taxation,
        Items: [
          {
            Name: request.description.slice(0, 128),
            Price: request.amountKopecks,
            Quantity: 1,
            Amount: request.amountKopecks,
            Tax: options.receipt.tax,
            PaymentMethod: 'full_payment',
            PaymentObject: 'service',
          },
        ],
      };
    }
    const reply = await post('Init', fields);
    if (!reply.Success || reply.PaymentId === undefined) throw refusal(reply);
    return reply;
  }

  return {
    kind: 'tbank',

    async init(request): Promise<InitPaymentResult> {
      const reply = await init(request);
      return { paymentId: String(reply.PaymentId), paymentUrl: reply.PaymentURL ?? '' };
    },

    verifyNotification(body) {
      return parseNotification(body, options.terminalKey, options.password);
    },

    async getState(paymentId) {
      const reply = await post('GetState', { PaymentId: paymentId });
      if (!reply.Success && !reply.Status) throw refusal(reply);
      return { status: reply.Status ?? 'UNKNOWN', success: reply.Success === true };
    },

    // T-Bank's recurrent payment: Init a new payment (no form is shown), then Charge it with the RebillId.
    async charge(request): Promise<ChargeResult> {
      const created = await init(request);
      const paymentId = String(created.PaymentId);
      const reply = await post('Charge', { PaymentId: paymentId, RebillId: request.rebillId });
      const success = reply.Success === true && (reply.Status === 'CONFIRMED' || reply.Status === 'AUTHORIZED');
      return {
        paymentId,
        status: reply.Status ?? 'REJECTED',
        success,
        ...(success ? {} : { message: refusal(reply).message }),
      };
    },

    async cancel(request) {
      const fields: Record<string, unknown> = { PaymentId: request.paymentId };
      if (request.amountKopecks !== undefined) fields.Amount = request.amountKopecks;
      const reply = await post('Cancel', fields);
      if (!reply.Success) throw refusal(reply);
      return { status: reply.Status ?? 'REVERSED', success: true };
    },

    async removeCard(request) {
      const reply = await post('RemoveCard', { CardId: request.cardId, CustomerKey: request.customerKey });
      // ErrorCode 7 ("card not found") means it is already gone: removal is idempotent.
      if (!reply.Success && reply.ErrorCode !== '7') throw refusal(reply);
    },
  };
}
