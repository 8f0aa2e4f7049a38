import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { account, shell } from '../../src/shared/contract';
import { getActiveSubs, getCardsList, getIntensivRazdelsLessonsInfo, getTinkoffPaymentLink, historyPayments } from '../../src/shared/contract/finances';
import type { TestClient } from '../helpers/client';
import { screenshot, signInThroughForm, waitForSettled } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** Text with every kind of space made a plain one, for comparisons. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** How the screen writes a rouble amount from the server ('-3500' → '−3 500 ₽'). */
function shownRoubles(value: string, signed = false): string {
  const number = Number(value);
  const text = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(Math.abs(number));
  return plain(`${number < 0 ? '−' : signed && number > 0 ? '+' : ''}${text} ₽`);
}

async function openFinances(page: Page, login: string): Promise<void> {
  await signInThroughForm(page, login);
  await page.waitForURL(/\/study\/(today|roadmap|lk)$/);
  await page.goto('/study/finances');
  await page.getByRole('heading', { level: 1, name: 'Финансы' }).waitFor();
}

/**
 * Follows the payment page the app opened in a new tab: presses 'Оплатить' on the built-in test
 * acquirer and waits until it is done; then comes back to the app's tab the way a user does.
 */
async function payInNewTab(context: BrowserContext, app: Page, open: () => Promise<unknown>, { refocus = true } = {}): Promise<void> {
  const [payment] = await Promise.all([context.waitForEvent('page'), open()]);
  await payment.waitForLoadState();
  expect(await payment.getByText('Тестовая страница оплаты.').count()).toBe(1);
  await payment.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await payment.waitForLoadState();
  await payment.close();
  await app.bringToFront();
  // Headless tabs are never hidden, so the browser fires no focus on its own: the user's return.
  if (refocus) await app.evaluate(() => window.dispatchEvent(new Event('focus')));
}

/** Values for the profile fields an account must fill before using the platform. */
const PROFILE = {
  user_surname: 'Неактивов',
  user_name: 'Павел',
  user_bdate: '2008-04-12',
  user_class_number: '11',
  user_tel: '79990001122',
  user_email: 'inactive@example.ru',
  user_region: '54',
} as const;

const balanceOf = async (client: TestClient) => Number((await client.call(historyPayments, {})).balance);

describe('finances screen in chromium', () => {
  const e2e = useE2e();

  async function openAs(login: string) {
    const user = await e2e.openPage();
    await openFinances(user.page, login);
    return user;
  }

  it('tops up 500 ₽ through the test acquirer after the validation errors; the balance and the history follow', async () => {
    const student = await e2e.server.signIn('student');
    const before = await balanceOf(student);
    const { page, context, errors } = await openAs('student');
    await expect.poll(async () => plain(await page.getByTestId('balance').textContent())).toBe(shownRoubles(String(before)));
    // No extra recorded lessons for a student (shell §6).
    expect(await page.getByRole('heading', { name: 'Дополнительные записи уроков' }).count()).toBe(0);

    await page.getByTestId('topup-open').click();
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    const amount = dialog.getByTestId('topup-amount');
    const error = dialog.getByTestId('topup-error');
    await dialog.getByTestId('topup-submit').click();
    expect(await error.textContent()).toBe('Вы не ввели сумму пополнения');
    await amount.fill('20000');
    await dialog.getByTestId('topup-submit').click();
    expect(await error.textContent()).toBe('Сумма оплаты не должна превышать 10000');
    // Digits only, stripped as typed.
    await amount.fill('');
    await amount.pressSequentially('-5a0,0');
    expect(await amount.inputValue()).toBe('500');
    await dialog.getByTestId('topup-submit').click();
    expect(await error.textContent()).toBe('Вы не приняли соглашение с договором-офертой и политикой конфиденциальности');
    expect(await dialog.getByRole('link', { name: 'договора-оферты' }).getAttribute('href')).toBe('/study/oferta');
    expect(await dialog.getByRole('link', { name: 'политики конфиденциальности' }).getAttribute('href')).toBe('/study/privacy');
    await dialog.getByRole('checkbox').check();
    await page.mouse.move(0, 0);
    await screenshot(page, 'finances-topup-light-1280');

    await payInNewTab(context, page, () => dialog.getByTestId('topup-submit').click());
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(student)).toBe(before + 500);
    await expect.poll(async () => plain(await page.getByTestId('balance').textContent())).toBe(shownRoubles(String(before + 500)));
    expect(await page.getByTestId('balance').getAttribute('data-tone')).toBe(before + 500 > 0 ? 'positive' : before + 500 < 0 ? 'negative' : 'zero');

    await page.getByRole('button', { name: /История операций/ }).click();
    const history = (await student.call(historyPayments, {})).transactions;
    const topUp = history.find((item) => Number(item.transactionSum) === 500)!;
    expect(topUp).toBeDefined();
    const operation = page.getByTestId('operation').filter({ hasText: topUp.orderNumber });
    await operation.waitFor();
    const text = plain(await operation.textContent());
    expect(text).toContain('+500 ₽');
    expect(text).toContain(`${topUp.transactionDate} ${topUp.transactionTime}`);
    expect(text).toContain(topUp.osnovanie);
    expect(await operation.locator('.fin-operation__sum').getAttribute('data-tone')).toBe('positive');
    // Five operations show before the list scrolls (shell §9).
    if (history.length > 5) {
      const box = await page.getByTestId('history-list').evaluate((list) => ({
        client: list.clientHeight,
        scroll: list.scrollHeight,
        sixthTop: list.children[5]!.getBoundingClientRect().top - list.getBoundingClientRect().top,
      }));
      expect(box.scroll).toBeGreaterThan(box.client);
      expect(box.client).toBeGreaterThanOrEqual(200);
      expect(box.sixthTop).toBeGreaterThanOrEqual(box.client - 10);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('binds a card through the payment page (1 ₽ frozen and released), asks for a card before removing, removes it', async () => {
    const student = await e2e.server.signIn('student');
    const live = await student.openLive();
    const cardsBefore = (await live.request(getCardsList, {})).cards;
    const email = (await student.call(account.getUserInfo, {})).userInfo.user_email;
    const { page, context, errors } = await openAs('student');
    const cards = page.getByTestId('bank-card');
    await expect.poll(() => cards.count()).toBe(cardsBefore.length);

    await page.getByTestId('card-add').click();
    const dialog = page.getByRole('dialog', { name: 'Привязка карты' });
    expect(plain(await dialog.textContent())).toContain('заморожен 1 ₽');
    const field = dialog.getByTestId('card-email');
    await expect.poll(() => field.inputValue()).toBe(email);
    await field.fill('');
    await dialog.getByTestId('card-submit').click();
    expect(await dialog.getByTestId('card-error').textContent()).toBe('Необходимо указать почту');
    await field.fill(email || 'student@example.com');

    // No return to the tab here: the server's updateCardsList push alone must bring the new card.
    await payInNewTab(context, page, () => dialog.getByTestId('card-submit').click(), { refocus: false });
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(cardsBefore.length + 1);
    const cardsAfter = (await live.request(getCardsList, {})).cards;
    const added = cardsAfter.find((card) => !cardsBefore.some((old) => old.cardId === card.cardId))!;
    const row = cards.filter({ hasText: added.cardNum.slice(-6) });
    expect(plain(await row.textContent())).toContain(added.cardType);
    expect(plain(await row.textContent())).not.toContain(added.cardNum.slice(0, -6) + added.cardNum.slice(-6));
    await screenshot(page, 'finances-card-light-1280');

    // Removing needs a chosen card.
    await page.getByTestId('card-remove').click();
    expect(await page.getByTestId('cards-notice').textContent()).toBe('Необходимо выбрать карту');
    await row.click();
    await page.getByTestId('card-remove').click();
    const confirm = page.getByRole('dialog', { name: 'Удаление карты' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => cards.count()).toBe(cardsBefore.length);
    live.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancels and resumes the subscription; the list reloads after each', async () => {
    // The student when it has a subscription, else the subscription demo account.
    let login = 'student';
    const studentLive = await (await e2e.server.signIn('student')).openLive();
    if ((await studentLive.request(getActiveSubs, {})).activeSubs.length === 0) login = 'subscription';
    studentLive.close();
    const live = await (await e2e.server.signIn(login)).openLive();
    const [sub] = (await live.request(getActiveSubs, {})).activeSubs;
    expect(sub).toBeDefined();
    expect(sub!.isCancelled).toBe('0');

    const { page, context, errors } = await openAs(login);
    const row = page.getByTestId('subscription').first();
    await row.waitFor();
    expect(plain(await row.textContent())).toContain(`${shownRoubles(sub!.cost)} в месяц`);
    expect(plain(await row.textContent())).toContain(`Активна, продлится ${sub!.paydate}`);

    await row.getByTestId('sub-cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Отмена подписки' });
    await cancel.getByRole('button', { name: 'Отменить подписку' }).click();
    await cancel.waitFor({ state: 'detached' });
    await expect.poll(() => row.getAttribute('data-state')).toBe('cancelled');
    expect(plain(await row.textContent())).toContain(`действует до ${sub!.paydate}`);
    expect((await live.request(getActiveSubs, {})).activeSubs[0]!.isCancelled).toBe('1');
    await screenshot(page, 'finances-sub-cancelled-light-1280');

    await row.getByTestId('sub-resume').click();
    const resume = page.getByRole('dialog', { name: 'Возобновление подписки' });
    await resume.getByRole('button', { name: 'Возобновить' }).click();
    await resume.waitFor({ state: 'detached' });
    await expect.poll(() => row.getAttribute('data-state')).toBe('active');
    expect((await live.request(getActiveSubs, {})).activeSubs[0]!.isCancelled).toBe('0');
    live.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('intensive buys an extra recorded lesson: «Куплен» and the balance lowered', async () => {
    const intensive = await e2e.server.signIn('intensive');
    const sections = (await intensive.call(getIntensivRazdelsLessonsInfo, {})).razdelsInfo;
    const balance = await balanceOf(intensive);
    const target = sections.find((section) => section.isAccess === '0' && Number(section.price) <= balance);
    expect(target, 'the demo intensive can afford an unbought section').toBeDefined();

    const { page, context, errors } = await openAs('intensive');
    const row = page.locator(`[data-testid="extra-section"][data-number="${target!.number}"]`);
    await row.waitFor();
    expect(plain(await row.textContent())).toContain(target!.name);
    expect(plain(await row.textContent())).toContain(`Уроков: ${target!.countLessons}`);
    await row.getByTestId('extra-buy').click();
    const confirm = page.getByRole('dialog', { name: 'Покупка записей' });
    expect(plain(await confirm.textContent())).toContain(shownRoubles(target!.price));
    await confirm.getByRole('button', { name: /^Купить за/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByTestId('extra-bought').waitFor();
    expect(await row.getByTestId('extra-bought').textContent()).toBe('Куплен');
    const after = balance - Number(target!.price);
    expect(await balanceOf(intensive)).toBe(after);
    await expect.poll(async () => plain(await page.getByTestId('balance').textContent())).toBe(shownRoubles(String(after)));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('failures: balance dash with its prefix and retry; the inactive account gets the tariff offer', async () => {
    const { page, context } = await e2e.openPage();
    await page.route('**/app/api/payments/history_payments.php', (route) => route.abort('failed'));
    await openFinances(page, 'student');
    const alert = page.getByRole('alert').filter({ hasText: 'Ошибка получения баланса: ' }).first();
    await alert.waitFor({ timeout: 15_000 });
    expect(plain(await page.getByTestId('balance').textContent())).toBe('—');
    await page.unroute('**/app/api/payments/history_payments.php');
    await alert.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    await expect.poll(async () => plain(await page.getByTestId('balance').textContent())).toMatch(/₽$/);

    // A transport failure of the payment link gets its prefix (shell §8.6).
    await page.route('**/app/api/payments/get_tinkoff_payment_link.php', (route) => route.abort('failed'));
    await page.getByTestId('topup-open').click();
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    await dialog.getByTestId('topup-amount').fill('100');
    await dialog.getByRole('checkbox').check();
    await dialog.getByTestId('topup-submit').click();
    await expect.poll(() => dialog.getByTestId('topup-error').textContent(), { timeout: 10_000 }).toMatch(/^Ошибка получения ссылки на оплату: /);
    await context.close();

    // The inactive demo account has an unfilled profile: fill it first, so the shell's
    // required-fields popup (shell §3.7) does not cover the screen.
    const inactiveClient = await e2e.server.signIn('inactive');
    const missing = (await inactiveClient.call(shell.getRequiredNotFilledFields, {})).fields;
    if (missing.length > 0) {
      await inactiveClient.call(shell.setRequiredNotFilledFields, {
        fields: missing.map(({ field }) => ({ field: field as keyof typeof PROFILE, value: PROFILE[field as keyof typeof PROFILE] })),
      });
    }
    // The server refuses with the very text the popup recognises.
    const refusal = await inactiveClient.callRaw(getTinkoffPaymentLink, { amount: '500' });
    expect(refusal.body).toMatchObject({ success: '0', message: 'У вас неактивный аккаунт. Для пополнения - приобретите тариф.' });
    const inactive = await e2e.openPage({ width: 390, height: 844 });
    await openFinances(inactive.page, 'inactive');
    await inactive.page.getByTestId('topup-open').click();
    const offer = inactive.page.getByRole('dialog', { name: 'Пополнение баланса' });
    expect(await offer.getByTestId('topup-inactive').getByRole('alert').textContent()).toBe('У вас неактивный аккаунт. Для пополнения - приобретите тариф.');
    // No course page set: the popup says whom to ask instead of linking nowhere.
    await offer.getByText('Чтобы приобрести тариф, напишите куратору или в поддержку школы.').waitFor();
    expect(await offer.getByRole('link', { name: 'Приобрести тариф' }).count()).toBe(0);
    await waitForSettled(inactive.page); // the popup's fade-in
    await screenshot(inactive.page, 'finances-inactive-light-390');
    await inactive.context.close();
  });

  it('screenshots in light and dark at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await page.goto('/study/login');
        await page.evaluate((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), dark);
        await openFinances(page, 'intensive');
        await page.getByTestId('balance').filter({ hasText: '₽' }).waitFor();
        await page.getByTestId('extra-section').first().waitFor();
        await page.getByRole('button', { name: /История операций/ }).click();
        await page.getByTestId('operation').first().waitFor();
        await page.mouse.move(0, 0);
        await page.locator('.fin-cards-card .ui-loader').waitFor({ state: 'detached' });
        await page.locator('.fin-subs-card .ui-loader').waitFor({ state: 'detached' });
        await waitForSettled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `finances-${dark ? 'dark' : 'light'}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
