import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCommand, printedOneTimePassword } from '../helpers/admin-command';
import { settledScreenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** A public installation with the default seed policy: no demo content, no demo accounts. */
const PUBLIC = { PUBLIC_URL: 'https://school.example', DEMO_SEED: '' };
const WRONG = 'Неверный логин или пароль.';
const OWN_PASSWORD = 'Свой пароль 1';

/**
 * Issue 27: the first admin of a public installation comes from `npm run admin -- create`, signs
 * in once with the printed password and must choose an own one on the sign-in page.
 */
describe('the one-time password of `npm run admin -- create` in chromium', () => {
  const e2e = useE2e({ env: PUBLIC });
  let oneTimePassword = '';

  beforeAll(async () => {
    // The real command against the running server's database, as an operator runs it.
    const created = await adminCommand(e2e.server.database.url, ['create', 'director']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    oneTimePassword = printedOneTimePassword(created.stdout);
  });

  const mustChange = async () =>
    (await e2e.server.server.services.db.selectFrom('users').select('password_must_change').where('login', '=', 'director').executeTakeFirstOrThrow())
      .password_must_change;

  /** The sign-in form's refusal (the only alert on the page). */
  const refusal = (page: Page) => page.getByRole('alert');

  async function openChangeScreen(options: { width: number; dark: boolean }) {
    const opened = await e2e.openPage({ width: options.width, height: options.width === 390 ? 844 : 800 });
    await opened.context.addInitScript((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), options.dark);
    await signInThroughForm(opened.page, 'director', oneTimePassword);
    await opened.page.getByRole('heading', { name: 'Придумайте свой пароль', level: 1 }).waitFor();
    return opened;
  }

  it('lets no demo account in with the published password', async () => {
    const { page, context, errors } = await e2e.openPage();
    for (const login of ['admin', 'curator', 'student', 'demo']) {
      await signInThroughForm(page, login);
      await expect.poll(() => refusal(page).textContent()).toBe(WRONG);
    }
    expect(page.url()).toMatch(/\/study\/login$/);
    expect(await e2e.server.server.services.db.selectFrom('users').select('login').execute()).toEqual([{ login: 'director' }]);
    expect(errors.filter((error) => !/status of 200/.test(error))).toEqual([]);
    await context.close();
  });

  it('shows the change screen, labelled and within the width, in both themes on a desktop and a phone', async () => {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { page, context, errors } = await openChangeScreen({ width, dark });
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(dark ? 'dark' : 'light');
        await expect.poll(() => page.getByLabel('Новый пароль', { exact: true }).count()).toBe(1);
        expect(await page.getByLabel('Повторите пароль', { exact: true }).count()).toBe(1);
        // The step stands alone: typing starts in it, and VK ID or sign-up are no alternative to it.
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-password');
        expect(await page.getByRole('button', { name: /VK/ }).count()).toBe(0);
        expect(await page.getByRole('link').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await settledScreenshot(page, `one-time-password-${width}-${dark ? 'dark' : 'light'}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    // Only looked at: the password is still the one-time one.
    expect(await mustChange()).toBe(1);
  });

  it('refuses a short, mismatched or unchanged password, then signs in with the own one; the one-time one is spent', async () => {
    const { page, context } = await openChangeScreen({ width: 1280, dark: false });
    const newPassword = page.getByLabel('Новый пароль', { exact: true });
    const repeat = page.getByLabel('Повторите пароль', { exact: true });
    const save = page.getByRole('button', { name: 'Сохранить и войти' });
    const tryPair = async (first: string, second: string, message: string) => {
      await newPassword.fill(first);
      await repeat.fill(second);
      await save.click();
      await expect.poll(() => refusal(page).textContent()).toBe(message);
    };

    await tryPair('коротки', 'коротки', 'Пароль должен быть не короче 8 символов');
    await tryPair(OWN_PASSWORD, 'Свой пароль 2', 'Пароли не совпадают');
    // The server's refusal: the printed password cannot stay the account's.
    await tryPair(oneTimePassword, oneTimePassword, 'Новый пароль должен отличаться от выданного.');
    await settledScreenshot(page, 'one-time-password-1280-light-refused');
    expect(await mustChange()).toBe(1);

    // Back leads to the sign-in form with the login kept; the one-time password leads here again.
    await page.getByRole('button', { name: 'Назад' }).click();
    expect(await page.getByLabel('Логин').inputValue()).toBe('director');
    await page.getByLabel('Пароль').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await newPassword.waitFor();

    await newPassword.fill(OWN_PASSWORD);
    await repeat.fill(OWN_PASSWORD);
    await save.click();
    await page.waitForURL(/\/study\/roadmap$/);
    expect(await mustChange()).toBe(0);
    // A new staff account has no first name yet (the command sets only the surname): the shell asks for it.
    const profile = page.getByRole('dialog', { name: 'Заполни данные профиля' });
    await profile.getByLabel('Имя').fill('Ирина');
    await profile.getByRole('button', { name: 'Сохранить' }).click();
    await profile.waitFor({ state: 'detached' });
    // The back office opens: this is an admin's session.
    await page.goto('/study/curator/change-variables');
    await page.getByRole('heading', { name: 'Настройки школы', level: 1 }).waitFor();

    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/study\/login$/);

    await signInThroughForm(page, 'director', oneTimePassword);
    await expect.poll(() => refusal(page).textContent()).toBe(WRONG);
    expect(await page.getByRole('heading', { name: 'Придумайте свой пароль' }).count()).toBe(0);
    expect(await page.getByLabel('Логин').inputValue()).toBe('director');

    await page.getByLabel('Пароль').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL(/\/study\/roadmap$/);
    await context.close();
  });

  it('the sign-up page without VK ID says who gives accounts and leads to the sign-in; the disabled VK button is readable (light/dark, 390/1280)', async () => {
    for (const dark of [false, true]) {
      for (const width of [390, 1280]) {
        const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
        await page.goto('/study/login');
        await page.evaluate((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), dark);
        await page.goto('/study/signup');
        await page.getByTestId('signup-no-vk').waitFor();
        expect(await page.getByTestId('signup-no-vk').textContent()).toBe('Регистрация через VK не настроена на этом сервере. Аккаунты создаёт куратор или администратор школы: попросите у них логин и пароль и войдите с ними.');
        // Not the sign-in page's sentence: this page has no form to sign in with.
        expect(await page.getByText('Войдите по логину и паролю.').count()).toBe(0);
        const vk = page.getByRole('button', { name: /VK/ });
        expect(await vk.isDisabled()).toBe(true);
        // WCAG AA for text: the disabled button's label against its own background.
        const contrast = await vk.evaluate(contrastOfText);
        expect(contrast).toBeGreaterThanOrEqual(4.5);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await settledScreenshot(page, `signup-no-vk-${dark ? 'dark' : 'light'}-${width}`);
        await page.getByRole('link', { name: 'Войти по логину и паролю' }).click();
        await page.waitForURL(/\/study\/login$/);
        await page.getByLabel('Логин').waitFor();
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});

/**
 * Runs in the page: the contrast ratio of an element's text on its background as drawn, i.e. with
 * the element's opacity blending both into the first opaque background behind it.
 */
function contrastOfText(element: Element): number {
  const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const style = getComputedStyle(element);
  let behind = element.parentElement;
  while (behind && getComputedStyle(behind).backgroundColor.replace(/\s/g, '').endsWith(',0)')) behind = behind.parentElement;
  const backdrop = rgb(behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)');
  const alpha = Number(style.opacity);
  const drawn = (colour: string) => rgb(colour).map((value, index) => alpha * value + (1 - alpha) * backdrop[index]!);
  const luminance = (channels: number[]) => {
    const [r, g, b] = channels.map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [lighter, darker] = [luminance(drawn(style.color)), luminance(drawn(style.backgroundColor))].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}
