import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, getCardsList, getTinkoffPaymentLink, historyPayments, removeCard, updateCardsList } from '../../../src/shared/contract/finances';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { PAYMENTS_DISABLED_TEXT } from '../../providers/payments-disabled';
import { balanceKopecks } from './ledger';
import { TOP_UP_MESSAGES } from './payments-handlers';
import { acquirerSecret, ledgerOf, postNotification, signedNotification, startTopUp, submitPaymentPage } from '../../../tests/stand-ins/payments-test-kit';

describe.each(testDialects)('payments on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const userId = async (login: string) =>
    (await server.server.services.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const orderStatus = async (orderNumber: string) =>
    (await server.server.services.db.selectFrom('payment_orders').select('status').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).status;

  describe('top-up link', () => {
    it('answers the spec texts for a bad amount and creates no order', async () => {
      const student = await server.signIn('student');
      const before = await server.server.services.db.selectFrom('payment_orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const cases: Array<[unknown, string]> = [
        ['', TOP_UP_MESSAGES.empty],
        ['   ', TOP_UP_MESSAGES.empty],
        ['10001', 'Сумма оплаты не должна превышать 10000'],
        ['99999999999999999999', 'Сумма оплаты не должна превышать 10000'],
        ['-5', 'Вы ввели недопустимое значение'],
        [-5, 'Вы ввели недопустимое значение'],
        ['0', 'Вы ввели недопустимое значение'],
        ['000', 'Вы ввели недопустимое значение'],
        ['12a', 'Вы ввели недопустимое значение'],
        ['1.5', 'Вы ввели недопустимое значение'],
        [1.5, 'Вы ввели недопустимое значение'],
      ];
      for (const [amount, message] of cases) {
        const reply = await student.callRaw(getTinkoffPaymentLink, { amount });
        expect({ amount, success: reply.body.success, message: reply.body.message }).toEqual({ amount, success: '0', message });
      }
      const after = await server.server.services.db.selectFrom('payment_orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses an inactive account with the spec text', async () => {
      const inactive = await server.signIn('inactive');
      const reply = await inactive.callRaw(getTinkoffPaymentLink, { amount: '500' });
      expect(reply.body).toMatchObject({ success: '0', message: 'У вас неактивный аккаунт. Для пополнения - приобретите тариф.' });
    });

    it('accepts the limit itself and returns the test acquirer page of a NEW order', async () => {
      const student = await server.signIn('student');
      const { paymentUrl, order } = await startTopUp(server, student, 10000);
      expect(paymentUrl).toBe(`${server.url}/test-acquirer/pay/${order.payment_id}`);
      expect(order).toMatchObject({ kind: 'topup', amount_kopecks: 1_000_000, status: 'NEW', provider: 'test', user_id: await userId('student') });
      const page = await (await fetch(paymentUrl)).text();
      expect(page).toContain('Тестовая страница оплаты');
      expect(page).toContain('10\u00a0000\u00a0₽');
      expect(page).toContain('Оплатить');
      expect(page).toContain('Отклонить');
    });
  });

  describe('top-up through the test acquirer page', () => {
    it('pays, credits the ledger once, and shows the operation in the history', async () => {
      const student = await server.signIn('egor');
      const id = await userId('egor');
      const before = await balanceKopecks(server.server.services.db, id);
      const { paymentUrl, order } = await startTopUp(server, student, 700);
      const submitted = await submitPaymentPage(paymentUrl, 'pay');
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get('location')).toBe(`${server.url}/study/finances`);
      expect(await orderStatus(order.order_number)).toBe('CONFIRMED');
      expect(await balanceKopecks(server.server.services.db, id)).toBe(before + 70_000);

      const history = await student.call(historyPayments, {});
      expect(history.balance).toBe(String((before + 70_000) / 100));
      const [latest] = history.transactions;
      expect(latest).toMatchObject({ transactionSum: '700', osnovanie: 'Пополнение баланса', orderNumber: order.order_number });
      expect(latest!.transactionComment).toContain('430000******0777');
      expect(latest!.transactionDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(latest!.transactionTime).toMatch(/^\d{2}:\d{2}$/);

      // The page cannot be paid twice.
      const again = await submitPaymentPage(paymentUrl, 'pay').catch((error: Error) => error);
      expect(again).toBeInstanceOf(Error);
      expect((await ledgerOf(server, order.order_number)).length).toBe(1);
    });

    it('a refused payment adds nothing and marks the order REJECTED', async () => {
      const student = await server.signIn('egor');
      const id = await userId('egor');
      const before = await balanceKopecks(server.server.services.db, id);
      const { paymentUrl, order } = await startTopUp(server, student, 300);
      const submitted = await submitPaymentPage(paymentUrl, 'decline');
      expect(submitted.status).toBe(303);
      expect(await orderStatus(order.order_number)).toBe('REJECTED');
      expect(await ledgerOf(server, order.order_number)).toEqual([]);
      expect(await balanceKopecks(server.server.services.db, id)).toBe(before);
    });
  });

  describe('notification token and idempotency', () => {
    it('credits a valid notification, refuses a tampered amount or a wrong password, and a replay changes nothing', async () => {
      const student = await server.signIn('sofia');
      const id = await userId('sofia');
      const before = await balanceKopecks(server.server.services.db, id);
      const { order, paymentId } = await startTopUp(server, student, 250);
      const secret = acquirerSecret(server);
      const fields = { OrderId: order.order_number, PaymentId: Number(paymentId), Amount: 25_000, Status: 'CONFIRMED', Pan: '430000******0777' };

      const tampered = { ...signedNotification(fields, secret), Amount: 2_500_000 };
      expect(await postNotification(server, tampered)).toEqual({ status: 403, text: 'Forbidden' });
      expect(await postNotification(server, signedNotification(fields, 'wrong-password'))).toEqual({ status: 403, text: 'Forbidden' });
      const unsigned: Record<string, unknown> = { ...signedNotification(fields, secret) };
      delete unsigned.Token;
      expect((await postNotification(server, unsigned)).status).toBe(403);
      expect(await orderStatus(order.order_number)).toBe('NEW');
      expect(await balanceKopecks(server.server.services.db, id)).toBe(before);

      const valid = signedNotification(fields, secret);
      expect(await postNotification(server, valid)).toEqual({ status: 200, text: 'OK' });
      expect(await postNotification(server, valid)).toEqual({ status: 200, text: 'OK' });
      expect(await orderStatus(order.order_number)).toBe('CONFIRMED');
      expect((await ledgerOf(server, order.order_number)).map((row) => Number(row.amount_kopecks))).toEqual([25_000]);
      expect(await balanceKopecks(server.server.services.db, id)).toBe(before + 25_000);
    });

    it('a burst of 20 identical notifications sent at once adds exactly one ledger entry', async () => {
      const student = await server.signIn('maxim');
      const { order, paymentId } = await startTopUp(server, student, 1000);
      const body = signedNotification(
        { OrderId: order.order_number, PaymentId: Number(paymentId), Amount: 100_000, Status: 'CONFIRMED' },
        acquirerSecret(server),
      );
      const replies = await Promise.all(Array.from({ length: 20 }, () => postNotification(server, body)));
      expect(replies.every((reply) => reply.status === 200 && reply.text === 'OK')).toBe(true);
      const rows = await ledgerOf(server, order.order_number);
      expect(rows.map((row) => Number(row.amount_kopecks))).toEqual([100_000]);
    });

    it('reordered notifications (CONFIRMED before AUTHORIZED) credit once and never go backwards', async () => {
      const student = await server.signIn('varvara');
      const { order, paymentId } = await startTopUp(server, student, 400);
      const secret = acquirerSecret(server);
      const base = { OrderId: order.order_number, PaymentId: Number(paymentId), Amount: 40_000 };
      expect((await postNotification(server, signedNotification({ ...base, Status: 'CONFIRMED' }, secret))).text).toBe('OK');
      expect((await postNotification(server, signedNotification({ ...base, Status: 'AUTHORIZED' }, secret))).text).toBe('OK');
      expect((await postNotification(server, signedNotification({ ...base, Status: 'REJECTED', Success: false }, secret))).text).toBe('OK');
      expect(await orderStatus(order.order_number)).toBe('CONFIRMED');
      expect((await ledgerOf(server, order.order_number)).length).toBe(1);

      // A refund after the confirmation takes the money back once.
      const refund = signedNotification({ ...base, Status: 'REFUNDED' }, secret);
      await postNotification(server, refund);
      await postNotification(server, refund);
      expect(await orderStatus(order.order_number)).toBe('REFUNDED');
      expect((await ledgerOf(server, order.order_number)).map((row) => Number(row.amount_kopecks))).toEqual([40_000, -40_000]);
    });

    it('does not credit an amount other than the order, nor a payment id of another order', async () => {
      const student = await server.signIn('timofey');
      const { order, paymentId } = await startTopUp(server, student, 100);
      const secret = acquirerSecret(server);
      const wrongAmount = signedNotification({ OrderId: order.order_number, PaymentId: Number(paymentId), Amount: 1, Status: 'CONFIRMED' }, secret);
      expect((await postNotification(server, wrongAmount)).text).toBe('OK');
      const wrongPayment = signedNotification({ OrderId: order.order_number, PaymentId: 123, Amount: 10_000, Status: 'CONFIRMED' }, secret);
      expect((await postNotification(server, wrongPayment)).text).toBe('OK');
      expect(await orderStatus(order.order_number)).toBe('NEW');
      expect(await ledgerOf(server, order.order_number)).toEqual([]);
    });

    it('answers OK to an order it does not keep and 400 to a body that is not JSON', async () => {
      const body = signedNotification({ OrderId: 'sub-999-1', PaymentId: 5, Amount: 100, Status: 'CONFIRMED' }, acquirerSecret(server));
      expect(await postNotification(server, body)).toEqual({ status: 200, text: 'OK' });
      const raw = await fetch(`${server.url}/app/api/payments/notification.php`, { method: 'POST', body: 'not json' });
      expect(raw.status).toBe(400);
    });
  });

  describe('cards', () => {
    it('binds a card through the page: the card appears, the rouble is frozen and released, the balance is unchanged', async () => {
      const student = await server.signIn('ksenia');
      const id = await userId('ksenia');
      const before = await balanceKopecks(server.server.services.db, id);
      const socket = await student.openLive();

      const noEmail = await socket.requestRaw(addCard.path, { email: '' });
      expect(noEmail).toMatchObject({ success: '0', message: 'Необходимо указать почту' });

      const { paymentUrl } = await socket.request(addCard, { email: 'ksenia@example.ru' });
      const page = await (await fetch(paymentUrl)).text();
      expect(page).toContain('1\u00a0₽');
      expect(page).toContain('Тестовая карта');

      const pushed = socket.nextPush(updateCardsList);
      const submitted = await submitPaymentPage(paymentUrl, 'pay', 0);
      expect(submitted.status).toBe(303);
      const { cards } = updateCardsList.body.parse((await pushed).body);
      expect(cards).toEqual([{ cardId: expect.any(String), cardType: 'Visa', cardNum: '430000******0777', isMain: '1' }]);
      expect((await socket.request(getCardsList, {})).cards).toEqual(cards);

      const paymentId = paymentUrl.split('/').pop()!;
      const order = await server.server.services.db.selectFrom('payment_orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ kind: 'card_binding', amount_kopecks: 100, status: 'REVERSED', email: 'ksenia@example.ru' });
      const acquirerSide = await server.server.services.db.selectFrom('test_acquirer_payments').select('status').where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
      expect(acquirerSide.status).toBe('REVERSED');
      const entries = await ledgerOf(server, order.order_number);
      expect(entries.map((row) => [row.kind, Number(row.amount_kopecks)])).toEqual([
        ['card_freeze', 100],
        ['card_release', -100],
      ]);
      expect(await balanceKopecks(server.server.services.db, id)).toBe(before);
      const history = await student.call(historyPayments, {});
      expect(history.transactions.slice(0, 2).map((t) => t.transactionSum)).toEqual(['-1', '1']);

      // A second card (МИР) is not main; the card record is saved once however often the bank repeats itself.
      const second = await socket.request(addCard, { email: 'ksenia@example.ru' });
      await submitPaymentPage(second.paymentUrl, 'pay', 2);
      const listed = (await socket.request(getCardsList, {})).cards;
      expect(listed.map((card) => [card.cardType, card.isMain])).toEqual([
        ['Visa', '1'],
        ['МИР', '0'],
      ]);
      socket.close();
    });

    it('removes only the user’s own card; the next card becomes main and the bank forgets it', async () => {
      const owner = await server.signIn('ksenia');
      const ownerSocket = await owner.openLive();
      const [first, second] = (await ownerSocket.request(getCardsList, {})).cards;
      expect(first?.isMain).toBe('1');

      const stranger = await (await server.signIn('student')).openLive();
      expect((await stranger.request(getCardsList, {})).cards.map((card) => card.cardId)).not.toContain(first!.cardId);
      const stolen = await stranger.requestRaw(removeCard.path, { cardId: first!.cardId });
      expect(stolen).toMatchObject({ success: '0', message: 'Карта не найдена' });
      expect((await ownerSocket.request(getCardsList, {})).cards).toHaveLength(2);
      expect(await stranger.requestRaw(removeCard.path, { cardId: '' })).toMatchObject({ success: '0', message: 'Необходимо выбрать карту' });

      const pushed = ownerSocket.nextPush(updateCardsList);
      await ownerSocket.request(removeCard, { cardId: first!.cardId });
      const { cards } = updateCardsList.body.parse((await pushed).body);
      expect(cards).toEqual([{ ...second!, isMain: '1' }]);
      const row = await server.server.services.db
        .selectFrom('payment_cards')
        .select(['provider_card_id', 'removed_at'])
        .where('id', '=', Number(first!.cardId))
        .executeTakeFirstOrThrow();
      expect(row.removed_at).not.toBeNull();
      const atBank = await server.server.services.db
        .selectFrom('test_acquirer_cards')
        .select('removed_at')
        .where('card_id', '=', row.provider_card_id)
        .executeTakeFirstOrThrow();
      expect(atBank.removed_at).not.toBeNull();
      // Removing it again finds nothing.
      expect(await ownerSocket.requestRaw(removeCard.path, { cardId: first!.cardId })).toMatchObject({ success: '0', message: 'Карта не найдена' });
      ownerSocket.close();
      stranger.close();
    });

    it('binding the same card again keeps one row for it, still main', async () => {
      const socket = await (await server.signIn('partial')).openLive();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const { paymentUrl } = await socket.request(addCard, { email: 'partial@example.ru' });
        expect((await submitPaymentPage(paymentUrl, 'pay', 1)).status).toBe(303);
      }
      const { cards } = await socket.request(getCardsList, {});
      expect(cards.map((card) => [card.cardType, card.cardNum, card.isMain])).toEqual([['Mastercard', '550000******0777', '1']]);
      socket.close();
    });

    it('a student never reads another student’s operations', async () => {
      const ksenia = await server.signIn('ksenia');
      const student = await server.signIn('student');
      const theirs = await ksenia.call(historyPayments, {});
      const mine = await student.call(historyPayments, {});
      const theirNumbers = new Set(theirs.transactions.map((t) => t.transactionNumber));
      expect(mine.transactions.some((t) => theirNumbers.has(t.transactionNumber))).toBe(false);
    });
  });

  describe('recurrent charges at the test acquirer', () => {
    it('charges a saved card, declines the card ending in 0051, and refuses a removed card', async () => {
      const student = await server.signIn('timofey');
      const socket = await student.openLive();
      const ok = await socket.request(addCard, { email: 'timofey@example.ru' });
      await submitPaymentPage(ok.paymentUrl, 'pay', 0);
      const declining = await socket.request(addCard, { email: 'timofey@example.ru' });
      await submitPaymentPage(declining.paymentUrl, 'pay', 3);
      const id = await userId('timofey');
      const cards = await server.server.services.db.selectFrom('payment_cards').selectAll().where('user_id', '=', id).where('removed_at', 'is', null).orderBy('id').execute();
      expect(cards.map((card) => card.masked_pan)).toEqual(['430000******0777', '430000******0051']);
      const { payments } = server.server.services;
      const charge = (rebillId: string, orderId: string) => payments.charge({ orderId, amountKopecks: 290_000, rebillId, description: 'Подписка', customerKey: `user-${id}` });
      expect(await charge(cards[0]!.rebill_id, 'sub-t-1')).toMatchObject({ success: true, status: 'CONFIRMED' });
      expect(await charge(cards[1]!.rebill_id, 'sub-t-2')).toMatchObject({ success: false, status: 'REJECTED' });
      await socket.request(removeCard, { cardId: String(cards[0]!.id) });
      expect(await charge(cards[0]!.rebill_id, 'sub-t-3')).toMatchObject({ success: false });
      socket.close();
    });
  });
});

describe('payments on a public address without a bank', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://ege.school.example' } });
  });
  afterAll(() => server.close());

  it('refuses a top-up with a plain message and records no order; no test page is served', async () => {
    const student = await server.signIn('student');
    const reply = await student.callRaw(getTinkoffPaymentLink, { amount: '500' });
    expect(reply.body).toEqual({ success: '0', message: PAYMENTS_DISABLED_TEXT });
    const orders = await server.server.services.db.selectFrom('payment_orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(0);
    expect((await fetch(`${server.url}/test-acquirer/pay/anything`)).status).toBe(404);
  });
});
