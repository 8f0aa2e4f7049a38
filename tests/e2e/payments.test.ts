
import { describe, expect, it } from 'vitest';
import { addCard, getCardsList, historyPayments } from '../../src/shared/contract/finances';
import { startTopUp } from '../stand-ins/payments-test-kit';
import { screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** The built-in test acquirer's payment page in a real browser: looks, keyboard, and the money it moves. */
describe('test acquirer page in chromium', () => {
  const e2e = useE2e();

  it('pays a top-up with the keyboard and returns to /study/finances; the balance grows by the amount', async () => {
    const student = await e2e.server.signIn('egor');
    const before = await student.call(historyPayments, {});
    const { paymentUrl, order } = await startTopUp(e2e.server, student, 1500);

    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context, errors } = await e2e.openPage({ width });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(paymentUrl);
        await page.getByText('Тестовая страница оплаты.').waitFor();
        await expect(page.getByRole('heading', { name: 'Оплата заказа' }).isVisible()).resolves.toBe(true);
        await expect(page.getByText(order.order_number).isVisible()).resolves.toBe(true);
        await screenshot(page, `payments-topup-${scheme}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }

    const { page, context } = await e2e.openPage();
    await page.goto(paymentUrl);
    await page.getByRole('button', { name: 'Оплатить' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/study\//);
    expect(new URL(page.url()).pathname).toMatch(/^\/study\//);
    const after = await student.call(historyPayments, {});
    expect(Number(after.balance)).toBe(Number(before.balance) + 1500);
    expect(after.transactions[0]).toMatchObject({ transactionSum: '1500', orderNumber: order.order_number });

    // Coming back to the page shows that it is done, not a second chance to pay.
    await page.goto(paymentUrl);
    await page.getByRole('heading', { name: 'Платёж уже обработан' }).waitFor();
    await screenshot(page, 'payments-done-light-1280');
    await context.close();
  });

  it('binds a chosen test card (МИР) and leaves the balance unchanged', async () => {
    const student = await e2e.server.signIn('sofia');
    const before = await student.call(historyPayments, {});
    const socket = await student.openLive();
    const { paymentUrl } = await socket.request(addCard, { email: 'sofia@example.ru' });

    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context } = await e2e.openPage({ width });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(paymentUrl);
        await page.getByText('Тестовая карта').waitFor();
        await screenshot(page, `payments-card-${scheme}-${width}`);
        await context.close();
      }
    }

    const { page, context } = await e2e.openPage({ width: 390 });
    await page.goto(paymentUrl);
    await page.getByLabel('МИР •••• 0777').check();
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/study\//);
    const { cards } = await socket.request(getCardsList, {});
    expect(cards).toEqual([{ cardId: expect.any(String), cardType: 'МИР', cardNum: '220000******0777', isMain: '1' }]);
    const after = await student.call(historyPayments, {});
    expect(after.balance).toBe(before.balance);
    expect(after.transactions.slice(0, 2).map((t) => t.transactionSum)).toEqual(['-1', '1']);
    socket.close();
    await context.close();
  });
});
