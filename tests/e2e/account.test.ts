import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramApiStandIn, type TelegramApiStandIn } from '../stand-ins/telegram-api';
import { telegramLoginHash } from '../../server/domains/account/telegram-login';
import { E2E_WEB_DIST, launchBrowser, openPage, SCREENSHOT_DIR, screenshot, signInThroughForm, waitForSettled } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';
import { useE2e } from '../helpers/e2e';
import { editUser, linkAccounts } from '../helpers/factories';

const TOKEN = '7012345678:AAFakeButWellFormedToken_123456';
const BOT_ENV = { TELEGRAM_BOT_NAME: 'enot_ege_bot', TELEGRAM_BOT_TOKEN: TOKEN };
const ALISA_TG = 512345678;

/** What Telegram's widget hands back for this account, signed with the bot token the server has. */
function widgetUser(fields: { id: number; username: string }) {
  const data = { ...fields, first_name: 'Алиса', last_name: 'Смирнова', auth_date: Math.floor(Date.now() / 1000) - 3 };
  return { ...data, hash: telegramLoginHash(data, TOKEN) };
}

/**
 * Telegram's widget script, stood in for: `Telegram.Login.auth` records the options it was given
 * and answers with the user object the test put in `window.__tgUser`, as Telegram's window would.
 */
const WIDGET_STAND_IN = `window.Telegram = { Login: { auth: function (options, callback) {
  window.__tgOptions = options; callback(window.__tgUser || false);
} } };`;

async function standInWidget(context: BrowserContext): Promise<void> {
  await context.route('https://telegram.org/js/telegram-widget.js*', (route) => route.fulfill({ contentType: 'text/javascript', body: WIDGET_STAND_IN }));
}

/**
 * The shell invites unsubscribed students to the bot once a session; the account tests step past it.
 * It shows exactly when a bot is configured and the user is known not to follow it: no Telegram
 * linked, or Telegram (the stand-in's `members`) does not list them. Without a stand-in Telegram
 * cannot be asked for a linked user, and nobody is nagged.
 */
async function skipBotInvite(page: Page, server: TestServer, login: string, members?: Map<string, string>): Promise<void> {
  const { tg_id } = await server.server.services.db.selectFrom('users').select('tg_id').where('login', '=', login).executeTakeFirstOrThrow();
  if (tg_id !== null && (!members || members.get(tg_id) === 'member')) return;
  const invite = page.getByRole('dialog', { name: 'Подпишись на бота' });
  await invite.getByRole('button', { name: 'Позже' }).click();
  await invite.waitFor({ state: 'hidden' });
}

async function openAccount(browser: Browser, server: TestServer, login: string, options: { width?: number; dark?: boolean } = {}) {
  const opened = await openPage(browser, server.url, { width: options.width });
  await standInWidget(opened.context);
  if (options.dark !== undefined) await opened.context.addInitScript((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), options.dark);
  await signInThroughForm(opened.page, login);
  await opened.page.waitForURL(/\/study\/(today|roadmap|lk)$/);
  await opened.page.goto('/study/lk');
  await opened.page.getByRole('heading', { name: 'Личный кабинет', level: 1 }).waitFor();
  return opened;
}

describe('personal account in chromium', () => {
  let telegram: TelegramApiStandIn;

  beforeAll(async () => {
    telegram = await startTelegramApiStandIn(TOKEN);
  });
  afterAll(async () => {
    await telegram?.close();
  });
  const e2e = useE2e({ env: () => ({ ...BOT_ENV, TELEGRAM_API_URL: telegram.url }) });

  const db = () => e2e.server.server.services.db;
  const userRow = (login: string) => db().selectFrom('users').selectAll().where('login', '=', login).executeTakeFirstOrThrow();

  it('shows the profile and course data, and edits goals: validation, then success', async () => {
    const { page, context, errors } = await openAccount(e2e.browser, e2e.server, 'student');
    await skipBotInvite(page, e2e.server, 'student', telegram.members);
    await page.getByTestId('live-status').getByText('В сети').waitFor();
    await page.getByTestId('my-bdate').getByText('14.03.2008').waitFor();
    const course = page.getByTestId('course-data');
    await course.getByText('Авторитарный').waitFor();
    expect(await page.getByTestId('course-balance').locator('.account-balance').textContent()).toBe('1\u00a0500 ₽');
    expect(await page.getByTestId('course-balance').locator('.account-balance--positive').count()).toBe(1);
    await course.getByText('Дмитрий Соколов').first().waitFor();

    await page.getByTestId('goals-edit').click();
    const popup = page.getByRole('dialog', { name: 'Мои цели' });
    const save = popup.getByRole('button', { name: 'Сохранить' });
    await popup.getByLabel('Хочу баллов на ЕГЭ').fill('');
    await save.click();
    await popup.getByText('Не заполнено поле "Хочу баллов на ЕГЭ"').waitFor();
    await popup.getByLabel('Хочу баллов на ЕГЭ').fill('9a7');
    expect(await popup.getByLabel('Хочу баллов на ЕГЭ').inputValue()).toBe('97');
    await popup.getByLabel('Хочу в ВУЗ').fill('  ');
    await save.click();
    await popup.getByText('Не заполнено поле "Хочу в ВУЗ"').waitFor();
    await popup.getByLabel('Хочу в ВУЗ').fill('МГУ, юридический факультет');
    await popup.getByLabel('Обо мне').fill('');
    await save.click();
    await popup.getByText('Не заполнено поле "Обо мне"').waitFor();
    await popup.getByLabel('Обо мне').fill('Сильна в праве, подтягиваю экономику.');
    await popup.getByRole('combobox', { name: 'Форма обучения' }).click();
    await page.getByRole('option', { name: 'Платно' }).click();
    await save.click();
    await popup.getByRole('button', { name: 'Сохранено' }).waitFor();
    await popup.waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByTestId('goal-ballov').getByText('97').waitFor();
    await page.getByTestId('goal-vuz').getByText('МГУ, юридический факультет').waitFor();
    expect(await userRow('student')).toMatchObject({ goal_ball: 97, goal_budzhet: 1, goal_vuz: 'МГУ, юридический факультет', osobennosti: 'Сильна в праве, подтягиваю экономику.' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('copies the promo code, and marks a failed copy for 1 s', async () => {
    const { page, context } = await openAccount(e2e.browser, e2e.server, 'student');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const stored = await db().selectFrom('referral_codes').select('code').where('user_id', '=', (await userRow('student')).id).executeTakeFirstOrThrow();
    await page.getByTestId('promo-code').getByText(stored.code).waitFor();
    await page.getByTestId('referral').getByText(`поделись с ними промокодом ${stored.code}`).waitFor();
    await skipBotInvite(page, e2e.server, 'student', telegram.members);

    const copy = page.getByTestId('promo-copy');
    await copy.click();
    await copy.getByText('Скопировано').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.code);
    await page.waitForFunction(() => document.querySelector('[data-testid="promo-copy"]')?.getAttribute('data-state') === 'idle', null, { timeout: 2_000 });

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await copy.click();
    await copy.getByText('Не удалось скопировать').waitFor();
    expect(await copy.getAttribute('data-state')).toBe('failed');
    await page.waitForFunction(() => document.querySelector('[data-testid="promo-copy"]')?.getAttribute('data-state') === 'idle', null, { timeout: 2_000 });
    await context.close();
  });

  it('links Telegram through a signed widget payload, refreshes the nickname and unlinks', async () => {
    const { page, context, errors } = await openAccount(e2e.browser, e2e.server, 'student');
    await skipBotInvite(page, e2e.server, 'student', telegram.members);
    const row = page.getByTestId('my-telegram');
    const link = row.getByTestId('tg-link');
    await link.getByText('Привязать Telegram').waitFor();

    // A payload someone tampered with is refused and explained.
    const tampered = { ...widgetUser({ id: ALISA_TG, username: 'alisa_smirnova' }), username: 'not_alisa' };
    await page.evaluate((user) => (window as unknown as { onTelegramAuth(user: unknown): void }).onTelegramAuth(user), tampered);
    const errorPopup = page.getByRole('dialog', { name: 'Ошибка' });
    await errorPopup.getByText('Данные Telegram не прошли проверку подписи. Войдите через Telegram ещё раз.').waitFor();
    await errorPopup.getByRole('button', { name: 'Закрыть' }).first().click();

    // The real path: the button opens Telegram's sign-in (stood in), which hands back the signed user.
    await page.evaluate((user) => {
      (window as unknown as { __tgUser: unknown }).__tgUser = user;
    }, widgetUser({ id: ALISA_TG, username: 'alisa_smirnova' }));
    await link.click();
    await row.getByRole('link', { name: '@alisa_smirnova' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __tgOptions: unknown }).__tgOptions)).toEqual({ bot_id: '7012345678', request_access: 'write', lang: 'ru' });
    expect(await userRow('student')).toMatchObject({ tg_id: String(ALISA_TG), tg_nickname: 'alisa_smirnova' });

    telegram.chats.set(String(ALISA_TG), 'alisa_ege2027');
    await row.getByTestId('tg-refresh').click();
    await row.getByRole('link', { name: '@alisa_ege2027' }).waitFor();
    expect(telegram.asked.at(-1)).toBe(String(ALISA_TG));

    await row.getByTestId('tg-unlink').click();
    const confirm = page.getByRole('dialog', { name: 'Отвязать Telegram?' });
    await confirm.getByRole('button', { name: 'Отвязать' }).click();
    await row.getByTestId('tg-link').waitFor();
    expect(await userRow('student')).toMatchObject({ tg_id: null, tg_nickname: '' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('drops ?updateTgNickname from the address and reloads user info', async () => {
    const { page, context } = await openAccount(e2e.browser, e2e.server, 'sofia');
    await page.getByTestId('my-telegram').getByRole('link', { name: '@sofia_pavlova' }).waitFor();
    // Linked on the other site meanwhile; the way back carries the parameter.
    await linkAccounts(e2e.server, 'sofia', { tgId: '900100200', tgNickname: 'sofia_ege' });
    await page.evaluate(() => {
      history.pushState(null, '', '/study/lk?updateTgNickname=1');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('my-telegram').getByRole('link', { name: '@sofia_ege' }).waitFor();
    await page.waitForURL(/\/study\/lk$/);
    await context.close();
  });

  it('shows the purchase link instead of course data to a demo user', async () => {
    // A complete profile, so the required-fields popup stays away.
    await editUser(e2e.server, 'demo', { userBdate: '2009-05-20', userTel: '79990001122', userEmail: 'ilya@example.ru', userRegion: '54' });
    // The purchase link goes to the school's course page, a setting.
    await db().insertInto('admin_variables').values({ name: 'COURSE_PAGE_URL', value: 'https://school.example/kurs', comment: '', is_public: 0, updated_at: 0 }).execute();
    const { page, context } = await openAccount(e2e.browser, e2e.server, 'demo');
    await skipBotInvite(page, e2e.server, 'demo', telegram.members);
    const purchase = page.getByTestId('course-purchase');
    await purchase.waitFor();
    expect(await purchase.getByRole('link', { name: 'Купить курс' }).getAttribute('href')).toBe('https://school.example/kurs?utm_source=platform&utm_medium=lk');
    expect(await page.getByTestId('course-data').count()).toBe(0);
    await page.getByTestId('goals').waitFor();
    await screenshot(page, 'account-demo-light-1280');
    await context.close();
  });

  it('takes screenshots of the account in light and dark, wide and narrow', async () => {
    await linkAccounts(e2e.server, 'student', { tgId: String(ALISA_TG), tgNickname: 'alisa_smirnova' });
    // She follows the bot: no invite over the screenshots.
    telegram.members.set(String(ALISA_TG), 'member');
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const { page, context } = await openAccount(e2e.browser, e2e.server, 'student', { width, dark });
        await page.getByTestId('promo-code').waitFor();
        await page.getByTestId('course-data').waitFor();
        await page.getByTestId('live-status').getByText('В сети').waitFor();
        await screenshot(page, `account-${dark ? 'dark' : 'light'}-${width}`);
        if (width === 390) {
          await page.getByTestId('goals-edit').click();
          await page.getByRole('dialog', { name: 'Мои цели' }).waitFor();
          await waitForSettled(page); // the popup's opening transition
          // The popup is fixed to the viewport: a full-page shot would smear its backdrop.
          await page.screenshot({ path: join(SCREENSHOT_DIR, `account-goals-${dark ? 'dark' : 'light'}-${width}.png`) });
        }
        await context.close();
      }
    }
  });

  it("shows a staff account's own fields only: no course, goals, promo code or school class (issue 42)", async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const { page, context } = await openPage(e2e.browser, e2e.server.url, { width });
        await context.addInitScript((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), dark);
        await signInThroughForm(page, 'admin');
        await page.waitForURL((url) => !url.pathname.endsWith('/login'));
        await page.goto('/study/lk');
        await page.getByRole('heading', { name: 'Личный кабинет', level: 1 }).waitFor();
        await skipBotInvite(page, e2e.server, 'admin', telegram.members);
        await page.getByText('Мои данные').first().waitFor();
        await page.getByText('Почта').first().waitFor();
        const text = await page.locator('.account__grid').innerText();
        for (const studentField of ['Хочу баллов на ЕГЭ', 'Твой промокод', 'Данные курса', 'Класс']) expect(text).not.toContain(studentField);
        expect(await page.getByTestId('goals').count()).toBe(0);
        expect(await page.getByTestId('promo-code').count()).toBe(0);
        await screenshot(page, `account-admin-${dark ? 'dark' : 'light'}-${width}`);
        await context.close();
      }
    }
  });

  it('shows only the app links the school has set, and only web addresses', async () => {
    const setVariable = (name: string, value: string) => db().updateTable('admin_variables').set({ value }).where('name', '=', name).execute();
    const { page, context } = await openAccount(e2e.browser, e2e.server, 'timofey');
    await page.getByTestId('referral').waitFor();
    expect(await page.getByTestId('app-links').count()).toBe(0);
    await context.close();

    await setVariable('APP_LINK_RUSTORE', 'https://www.rustore.ru/catalog/app/ru.enot.test');
    await setVariable('APP_LINK_ANDROID', 'javascript:alert(1)');
    const again = await openAccount(e2e.browser, e2e.server, 'timofey');
    const apps = again.page.getByTestId('app-links');
    await apps.waitFor();
    expect(await apps.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]))).toEqual([
      ['RuStore', 'https://www.rustore.ru/catalog/app/ru.enot.test'],
    ]);
    await setVariable('APP_LINK_RUSTORE', '');
    await setVariable('APP_LINK_ANDROID', '');
    await again.context.close();
  });

  it('logs out from the account page', async () => {
    const { page, context } = await openAccount(e2e.browser, e2e.server, 'maxim');
    await skipBotInvite(page, e2e.server, 'maxim', telegram.members);
    await page.getByTestId('account-logout').click();
    await page.waitForURL(/\/study\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('enot.token'))).toBeNull();
    await context.close();
  });
});

describe('messenger linking where it cannot work', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("says so when the school's bot is not configured", async () => {
    const server = await startTestServer({ env: { WEB_DIST: E2E_WEB_DIST } });
    const { page, context } = await openAccount(browser, server, 'egor');
    await page.getByTestId('my-telegram').getByText('Telegram-бот не настроен на этом сервере.').waitFor();
    await context.close();
    await server.close();
  });

  it('sends the user to the platform site when the page is on another domain', async () => {
    const server = await startTestServer({ env: { WEB_DIST: E2E_WEB_DIST, ...BOT_ENV, PUBLIC_URL: 'https://ege.enot.example' } });
    const { page, context } = await openAccount(browser, server, 'egor', { width: 390 });
    await skipBotInvite(page, server, 'egor');
    const note = page.getByTestId('tg-other-site');
    await note.getByText('Привязать Telegram можно только на сайте платформы:').waitFor();
    expect(await note.getByRole('link').getAttribute('href')).toBe('https://ege.enot.example/study/lk');
    expect(await page.getByTestId('tg-link').count()).toBe(0);
    await screenshot(page, 'account-other-site-light-390');
    await context.close();
    await server.close();
  });
});
