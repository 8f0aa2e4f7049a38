import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { snapToCell } from '../../src/shared/domain/location-grid';
import { useE2e } from '../helpers/e2e';

/** Red Square: the demo classmates share positions around it (server/db/seed/preferences.ts). */
const RED_SQUARE = { latitude: 55.7539, longitude: 37.6208 };

describe('settings, feedback and nearby people in chromium', () => {
  const e2e = useE2e();

  const db = () => e2e.server.server.services.db;

  /** A signed-in student with the browser's geolocation granted and fixed at Red Square. */
  async function studentPage(options: { width?: number; dark?: boolean } = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const opened = await e2e.openPage({ width: options.width, height: options.width === 390 ? 844 : 800 });
    await opened.context.grantPermissions(['geolocation'], { origin: e2e.server.url });
    await opened.context.setGeolocation(RED_SQUARE);
    if (options.dark !== undefined) await opened.context.addInitScript((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), options.dark);
    await signInThroughForm(opened.page, 'student');
    await opened.page.waitForURL(/today|roadmap/);
    return opened;
  }

  it('hides and shows a whole icon group and the header follows live; remembers the question view and colour scheme', async () => {
    const { page, context, errors } = await studentPage();
    await page.goto('/study/settings');
    await page.getByRole('heading', { name: 'Настройки', level: 1 }).waitFor();
    const headerTrains = page.locator('.shell__nav-link[data-flag="trains"]');
    await headerTrains.waitFor();

    // Groups in the spec's order, each with its heading.
    await page.locator('.prefs-icons__heading').first().waitFor();
    expect(await page.locator('.prefs-icons__heading').allTextContents()).toEqual(['Личный кабинет', 'Дорога уроков', 'Тренировки', 'Материалы', 'Прочее']);

    const head = page.locator('[data-icon="trains"] [role="switch"]');
    const children = page.locator('.prefs-icons__group[aria-labelledby="prefs-group-trains"] .prefs-icon--child [role="switch"]');
    expect(await head.getAttribute('aria-checked')).toBe('true');
    await head.click();
    await headerTrains.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await children.evaluateAll((switches) => switches.map((item) => item.getAttribute('aria-checked')))).toEqual(
      Array(await children.count()).fill('false'),
    );
    // No reload: the push changed the header of this very document.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    const hidden = await db()
      .selectFrom('user_hidden_icons')
      .innerJoin('users', 'users.id', 'user_hidden_icons.user_id')
      .select('icon_key')
      .where('users.login', '=', 'student')
      .execute();
    expect(hidden.map((row) => row.icon_key).sort()).toEqual(['decideFirst', 'trainP1', 'trainP2', 'trainPriznaki', 'trains', 'verbalChat', 'verbalZachets']);

    await head.click();
    await headerTrains.waitFor({ timeout: 5_000 });
    await page.waitForFunction(() => document.querySelector('[data-icon="trains"] [role="switch"]')?.getAttribute('aria-checked') === 'true');

    // A single icon: the side navigation of the personal area drops 'Календарь' live.
    await page.locator('[data-icon="calendar"] [role="switch"]').click();
    await page.locator('.side-nav__link', { hasText: 'Календарь' }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.locator('[data-icon="calendar"] [role="switch"]').click();
    await page.locator('.side-nav__link', { hasText: 'Календарь' }).waitFor({ timeout: 5_000 });

    // Question view: text by default, stored locally.
    expect(await page.getByRole('radio', { name: 'Текстовый' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Графический' }).check();
    expect(await page.evaluate(() => localStorage.getItem('enot.questionView'))).toBe('graphic');
    await page.getByRole('radio', { name: 'Русский язык' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe('rus');
    await page.reload();
    await page.getByRole('radio', { name: 'Графический' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Графический' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Русский язык' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Текстовый' }).check();
    await page.getByRole('radio', { name: 'Обществознание' }).check();
    expect(await page.evaluate(() => [localStorage.getItem('enot.questionView'), document.documentElement.dataset.scheme])).toEqual(['text', 'obsh']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reverts a failed toggle and says 'Ошибка : {message}' next to that icon; other switches wait while one runs", async () => {
    const { page, context } = await e2e.openPage();
    // Stand between the page and the live socket: hold one set_icons request, then refuse it.
    let releaseHeld: (() => void) | undefined;
    await context.routeWebSocket(/\/go\/online\/ws/, (ws) => {
      const upstream = ws.connectToServer();
      upstream.onMessage((message) => ws.send(message));
      ws.onMessage((message) => {
        const parsed = JSON.parse(String(message)) as { method?: string; requestId?: string };
        if (parsed.method !== '/app_general/set_icons') return upstream.send(message);
        releaseHeld = () =>
          ws.send(JSON.stringify({ messageType: 'response', requestId: parsed.requestId, body: { success: '0', message: 'сервер недоступен' } }));
      });
    });
    await signInThroughForm(page, 'student');
    await page.waitForURL(/today|roadmap/);
    await page.goto('/study/settings');
    const finances = page.locator('[data-icon="finances"] [role="switch"]');
    await finances.click();
    await expect.poll(() => finances.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.locator('[data-icon="ratings"] [role="switch"]').isDisabled()).toBe(true);
    await expect.poll(() => releaseHeld !== undefined).toBe(true);
    releaseHeld!();
    await page.locator('[data-icon="finances"]').getByText('Ошибка : сервер недоступен').waitFor();
    await expect.poll(() => finances.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.locator('[data-icon="ratings"] [role="switch"]').isDisabled()).toBe(false);
    await screenshot(page, 'settings-toggle-error-light-1280');
    expect(await page.locator('.side-nav__link', { hasText: 'Финансы' }).count()).toBe(1);
    await context.close();
  });

  it("refuses an empty feedback message with 'Введите сообщение', then sends, shows 'Отправлено' and clears the text", async () => {
    const { page, context, errors } = await studentPage();
    await page.goto('/study/poleznoe');
    const field = page.getByLabel('Сообщение', { exact: true });
    await field.waitFor();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText('Введите сообщение').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    const text = 'Хочу больше тренировок по экономике. Спасибо за разборы!';
    await field.fill(text);
    await page.getByRole('switch', { name: 'Отправить анонимно' }).click();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('button', { name: 'Отправлено' }).waitFor();
    expect(await field.inputValue()).toBe('');
    // About a second later the button is ready again.
    await page.getByRole('button', { name: 'Отправить' }).waitFor({ timeout: 3_000 });
    const stored = await db().selectFrom('feedback_messages').selectAll().where('message', '=', text).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: null, is_anonymous: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the hint while hidden, the classmates near Red Square once visible, and the hint again when hidden', async () => {
    const { page, context, errors } = await studentPage();
    await page.goto('/study/nearby_people');
    const hint = page.getByText('Что бы видеть других нужно позволить видеть меня');
    await hint.waitFor();
    await page.getByText('Доступ к геопозиции разрешён').waitFor();
    const showMe = page.getByRole('switch', { name: 'Показывать меня' });
    expect(await showMe.getAttribute('aria-checked')).toBe('false');

    await showMe.click();
    const names = page.locator('.prefs-people__name');
    await names.first().waitFor({ timeout: 10_000 });
    // Nearest first by the centres of their ~1 km grid cells (server/domains/preferences/nearby.test.ts).
    expect(await names.allTextContents()).toEqual(['Васильев Егор', 'Павлова София', 'Зайцева Ксения', 'Николаева Варвара', 'Фёдоров Максим']);
    expect(await page.getByRole('link', { name: 'Написать в Telegram: Павлова София' }).getAttribute('href')).toBe('https://t.me/sofia_pavlova');
    expect(await hint.count()).toBe(0);
    // The server got the browser's position, as the centre of its grid cell only.
    const row = await db()
      .selectFrom('user_locations')
      .innerJoin('users', 'users.id', 'user_locations.user_id')
      .select(['latitude', 'longitude', 'is_public'])
      .where('users.login', '=', 'student')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ...snapToCell(RED_SQUARE), is_public: 1 });

    await showMe.click();
    await hint.waitFor();
    expect(await names.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes screenshots of the three screens in light and dark, wide and narrow', async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const suffix = `${dark ? 'dark' : 'light'}-${width}`;
        const { page, context } = await studentPage({ width, dark });
        await page.goto('/study/settings');
        await page.locator('[data-icon="trains"]').waitFor();
        await screenshot(page, `settings-${suffix}`);
        await page.goto('/study/poleznoe');
        await page.getByRole('button', { name: 'Отправить' }).click();
        await page.getByText('Введите сообщение').waitFor();
        await screenshot(page, `feedback-${suffix}`);
        await page.goto('/study/nearby_people');
        const showMe = page.getByRole('switch', { name: 'Показывать меня' });
        // The switch is disabled until the stored choice has loaded; read it only then.
        await page.waitForFunction(() => {
          const element = document.querySelector<HTMLButtonElement>('.prefs-nearby__controls [role="switch"]');
          return element !== null && !element.disabled;
        });
        if ((await showMe.getAttribute('aria-checked')) === 'false') await showMe.click();
        await page.locator('.prefs-people__name').first().waitFor({ timeout: 10_000 });
        await screenshot(page, `nearby-${suffix}`);
        await context.close();
      }
    }
  });
});
