import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addCard, getCardsList, getTinkoffPaymentLink } from '../../src/shared/contract/finances';
import { startTestServer, testDialects, type TestServer } from '../../tests/helpers/server';
import { ledgerOf, postNotification, signedNotification } from '../../tests/stand-ins/payments-test-kit';
import { PaymentProviderError } from './payments';
import { createTbankProvider, parseNotification, tbankToken } from './tbank';

const TERMINAL = 'EnotTerminalDEMO';
const PASSWORD = 'tbank-stand-in-password';

/**
 * A local stand-in of T-Bank's API v2: checks every request's token with the terminal password,
 * records the requests, and answers as the bank does. `next` overrides the next answer.
 */
class StandIn {
  server!: Server;
  url = '';
  requests: Array<{ method: string; body: Record<string, unknown>; tokenOk: boolean }> = [];
  next: Array<{ status?: number; body?: Record<string, unknown> }> = [];
  private counter = 7_000_000;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        const method = (req.url ?? '').split('/').pop() ?? '';
        const body = JSON.parse(text) as Record<string, unknown>;
        const tokenOk = body.Token === tbankToken(body, PASSWORD) && body.TerminalKey === TERMINAL;
        this.requests.push({ method, body, tokenOk });
        const override = this.next.shift();
        const answer = override?.body ?? (tokenOk ? this.answer(method, body) : { Success: false, ErrorCode: '204', Message: 'Неверный токен' });
        res.writeHead(override?.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2`;
  }

  private answer(method: string, body: Record<string, unknown>): Record<string, unknown> {
    const paymentId = String(++this.counter);
    switch (method) {
      case 'Init':
        return { Success: true, ErrorCode: '0', TerminalKey: TERMINAL, Status: 'NEW', PaymentId: paymentId, OrderId: body.OrderId, Amount: body.Amount, PaymentURL: `https://securepay.example/new/${paymentId}` };
      case 'GetState':
        return { Success: true, ErrorCode: '0', Status: 'CONFIRMED', PaymentId: body.PaymentId };
      case 'Charge':
        return { Success: true, ErrorCode: '0', Status: 'CONFIRMED', PaymentId: body.PaymentId };
      case 'Cancel':
        return { Success: true, ErrorCode: '0', Status: 'REVERSED', PaymentId: body.PaymentId, OriginalAmount: 100, NewAmount: 0 };
      case 'RemoveCard':
        return { Success: true, ErrorCode: '0', Status: 'D', CardId: body.CardId, CustomerKey: body.CustomerKey };
      default:
        return { Success: false, ErrorCode: '9999', Message: 'Неизвестный метод' };
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('T-Bank token', () => {
  it('matches the documented example (root scalars + Password, sorted by key, concatenated, SHA-256)', () => {
    const token = tbankToken(
      { TerminalKey: 'MerchantTerminalKey', Amount: 19200, OrderId: '21090', Description: 'Подарочная карта на 1000 рублей' },
      'usaf8fw8fsw21g',
    );
    expect(token).toBe('0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9');
  });

  it('leaves out Token and nested objects and writes booleans as true/false', () => {
    const base = { TerminalKey: 'T', OrderId: '1', Success: true, Amount: 100 };
    const withNested = { ...base, DATA: { Email: 'a@b.ru' }, Receipt: { Items: [] }, Token: 'x' };
    expect(tbankToken(withNested, 'p')).toBe(tbankToken(base, 'p'));
    expect(tbankToken(base, 'p')).toBe(tbankToken({ TerminalKey: 'T', OrderId: '1', Success: 'true', Amount: '100' }, 'p'));
  });

  it('checks a notification: valid, tampered amount, wrong password, other terminal', () => {
    const body = signedNotification({ OrderId: 'o-1', PaymentId: 42, Amount: 50_000, Status: 'CONFIRMED', Pan: '430000******0777' }, PASSWORD, TERMINAL);
    expect(parseNotification(body, TERMINAL, PASSWORD)).toMatchObject({ orderId: 'o-1', paymentId: '42', amountKopecks: 50_000, status: 'CONFIRMED', success: true });
    expect(parseNotification({ ...body, Amount: 5_000_000 }, TERMINAL, PASSWORD)).toBeNull();
    expect(parseNotification(body, TERMINAL, 'another-password')).toBeNull();
    expect(parseNotification(body, 'OtherTerminal', PASSWORD)).toBeNull();
    expect(parseNotification({ ...body, Token: 'short' }, TERMINAL, PASSWORD)).toBeNull();
    expect(parseNotification({ ...body, Token: body.Token!.toString().toUpperCase() }, TERMINAL, PASSWORD)).not.toBeNull();
  });
});

describe('T-Bank adapter against a stand-in', () => {
  const standIn = new StandIn();
  beforeAll(() => standIn.start());
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests = [];
    standIn.next = [];
  });

  const provider = (receipt?: { taxation: string; tax: string }) =>
    createTbankProvider({
      apiUrl: standIn.url,
      terminalKey: TERMINAL,
      password: PASSWORD,
      notificationUrl: () => 'https://enot.example/app/api/payments/notification.php',
      returnUrl: () => 'https://enot.example/study/finances',
      receipt,
    });

  it('Init: amount in kopecks, our order, customer, notification and return addresses, signed', async () => {
    const result = await provider().init({ orderId: 'o-100', amountKopecks: 50_000, description: 'Пополнение баланса на 500 ₽', customerKey: 'user-7', email: 'a@b.ru' });
    expect(result.paymentUrl).toMatch(/^https:\/\/securepay\.example\/new\/\d+$/);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'Init', tokenOk: true });
    expect(request!.body).toMatchObject({
      TerminalKey: TERMINAL,
      Amount: 50_000,
      OrderId: 'o-100',
      CustomerKey: 'user-7',
      PayType: 'O',
      NotificationURL: 'https://enot.example/app/api/payments/notification.php',
      SuccessURL: 'https://enot.example/study/finances',
      FailURL: 'https://enot.example/study/finances',
      DATA: { Email: 'a@b.ru' },
    });
    expect(request!.body).not.toHaveProperty('Recurrent');
    expect(request!.body).not.toHaveProperty('Receipt');
  });

  it('Init for card binding asks to save the card (Recurrent Y) and only hold the rouble; a receipt goes when configured', async () => {
    await provider({ taxation: 'usn_income', tax: 'none' }).init({ orderId: 'o-101', amountKopecks: 100, description: 'Привязка карты', customerKey: 'user-7', email: 'a@b.ru', cardBinding: true });
    const body = standIn.requests[0]!.body;
    expect(body).toMatchObject({ Recurrent: 'Y', PayType: 'T', Amount: 100 });
    expect(body.Receipt).toMatchObject({ Email: 'a@b.ru', Taxation: 'usn_income', Items: [{ Price: 100, Quantity: 1, Amount: 100, Tax: 'none' }] });
    expect(standIn.requests[0]!.tokenOk).toBe(true);
  });

  it('Charge: a new Init, then Charge with the RebillId', async () => {
    const result = await provider().charge({ orderId: 'sub-1-2', amountKopecks: 290_000, rebillId: '1700000000777', description: 'Подписка', customerKey: 'user-7' });
    expect(result).toMatchObject({ success: true, status: 'CONFIRMED' });
    expect(standIn.requests.map((r) => [r.method, r.tokenOk])).toEqual([
      ['Init', true],
      ['Charge', true],
    ]);
    expect(standIn.requests[1]!.body).toMatchObject({ PaymentId: result.paymentId, RebillId: '1700000000777' });
  });

  it('a declined Charge is a result, not an exception', async () => {
    standIn.next = [{}, { body: { Success: false, ErrorCode: '1051', Status: 'REJECTED', Message: 'Недостаточно средств' } }];
    const result = await provider().charge({ orderId: 'sub-1-3', amountKopecks: 290_000, rebillId: '1', description: 'Подписка', customerKey: 'user-7' });
    expect(result).toMatchObject({ success: false, status: 'REJECTED', message: 'Банк отказал: Недостаточно средств' });
  });

  it('GetState, Cancel and RemoveCard are signed and read', async () => {
    const p = provider();
    expect(await p.getState('123')).toEqual({ status: 'CONFIRMED', success: true });
    expect(await p.cancel({ paymentId: '123', amountKopecks: 100 })).toEqual({ status: 'REVERSED', success: true });
    await p.removeCard({ customerKey: 'user-7', cardId: '900' });
    expect(standIn.requests.map((r) => [r.method, r.tokenOk])).toEqual([
      ['GetState', true],
      ['Cancel', true],
      ['RemoveCard', true],
    ]);
    expect(standIn.requests[2]!.body).toMatchObject({ CardId: '900', CustomerKey: 'user-7' });
  });

  it('a refusal carries the bank’s words; an outage says the bank does not answer', async () => {
    standIn.next = [{ body: { Success: false, ErrorCode: '8', Message: 'Неверный статус транзакции' } }];
    await expect(provider().init({ orderId: 'o', amountKopecks: 100, description: 'x', customerKey: 'k' })).rejects.toThrow(
      new PaymentProviderError('Банк отказал: Неверный статус транзакции'),
    );
    standIn.next = [{ status: 502, body: {} }];
    await expect(provider().init({ orderId: 'o', amountKopecks: 100, description: 'x', customerKey: 'k' })).rejects.toThrow(/Банк не отвечает/);
    const unreachable = createTbankProvider({ apiUrl: 'http://127.0.0.1:9/v2', terminalKey: TERMINAL, password: PASSWORD, notificationUrl: () => '', returnUrl: () => '' });
    await expect(unreachable.getState('1')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe.each(testDialects)('the platform on T-Bank (stand-in) on %s', (dialect) => {
  const standIn = new StandIn();
  let server: TestServer;
  beforeAll(async () => {
    await standIn.start();
    server = await startTestServer({ dialect, env: { TBANK_TERMINAL_KEY: TERMINAL, TBANK_PASSWORD: PASSWORD, TBANK_API_URL: standIn.url } });
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  it('tops up through T-Bank: the bank’s page, our notification address, credit on CONFIRMED only', async () => {
    expect(server.server.services.payments.kind).toBe('tbank');
    const student = await server.signIn('sofia');
    const { paymentUrl } = await student.call(getTinkoffPaymentLink, { amount: '1200' });
    expect(paymentUrl).toMatch(/^https:\/\/securepay\.example\/new\//);
    const init = standIn.requests.find((r) => r.method === 'Init')!;
    expect(init.body.NotificationURL).toBe(`${server.url}/app/api/payments/notification.php`);
    expect(init.body.SuccessURL).toBe(`${server.url}/study/finances`);
    const orderId = String(init.body.OrderId);
    const paymentId = paymentUrl.split('/').pop()!;
    const fields = { OrderId: orderId, PaymentId: Number(paymentId), Amount: 120_000, Pan: '220000******1234' };

    expect(await postNotification(server, signedNotification({ ...fields, Status: 'AUTHORIZED' }, PASSWORD, TERMINAL))).toEqual({ status: 200, text: 'OK' });
    expect(await ledgerOf(server, orderId)).toEqual([]);
    // The test acquirer's kind of token (another password) is refused here.
    expect((await postNotification(server, signedNotification({ ...fields, Status: 'CONFIRMED' }, 'not-the-password', TERMINAL))).status).toBe(403);
    expect(await postNotification(server, signedNotification({ ...fields, Status: 'CONFIRMED' }, PASSWORD, TERMINAL))).toEqual({ status: 200, text: 'OK' });
    expect((await ledgerOf(server, orderId)).map((row) => Number(row.amount_kopecks))).toEqual([120_000]);
  });

  it('binds a card: saves it from the AUTHORIZED notification and releases the hold with Cancel', async () => {
    const socket = await (await server.signIn('maxim')).openLive();
    standIn.requests = [];
    const { paymentUrl } = await socket.request(addCard, { email: 'maxim@example.ru' });
    const init = standIn.requests.find((r) => r.method === 'Init')!;
    expect(init.body).toMatchObject({ Amount: 100, Recurrent: 'Y', PayType: 'T', CustomerKey: expect.stringMatching(/^user-\d+$/) });
    const orderId = String(init.body.OrderId);
    const body = signedNotification(
      { OrderId: orderId, PaymentId: Number(paymentUrl.split('/').pop()), Amount: 100, Status: 'AUTHORIZED', CardId: 555, RebillId: 1700000000555, Pan: '550000******5555', ExpDate: '1129' },
      PASSWORD,
      TERMINAL,
    );
    expect((await postNotification(server, body)).text).toBe('OK');
    expect((await socket.request(getCardsList, {})).cards).toEqual([{ cardId: expect.any(String), cardType: 'Mastercard', cardNum: '550000******5555', isMain: '1' }]);
    expect(standIn.requests.filter((r) => r.method === 'Cancel').map((r) => r.body.PaymentId)).toEqual([paymentUrl.split('/').pop()]);
    const order = await server.server.services.db.selectFrom('payment_orders').select('status').where('order_number', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('REVERSED');
    expect((await ledgerOf(server, orderId)).reduce((sum, row) => sum + Number(row.amount_kopecks), 0)).toBe(0);
    // The bank's own REVERSED notification afterwards changes nothing.
    expect((await postNotification(server, signedNotification({ OrderId: orderId, PaymentId: Number(paymentUrl.split('/').pop()), Amount: 100, Status: 'REVERSED' }, PASSWORD, TERMINAL))).text).toBe('OK');
    expect((await ledgerOf(server, orderId)).length).toBe(2);
    socket.close();
  });
});
