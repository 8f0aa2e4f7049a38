import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { admin } from '../../src/shared/contract';
import { flagsForUser } from '../../server/domains/shell/display-flags';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** Header links and the display flag each one needs (shell §2.5). */
const HEADER_FLAGS = ['webinar', 'lk', 'roadmap', 'trains', 'search', 'curator'] as const;

/** Students land on «Сегодня»; the admin on the road. */
const LANDINGS: Record<string, RegExp> = {
  admin: /\/study\/roadmap$/,
  // Curators land on the checking queue, not the student road.
  curator: /\/study\/curator\/homeworks$/,
  intensive: /\/study\/today$/,
  demo: /\/study\/today$/,
  // 'Неактивный' goes to /study, which opens the remembered main link (lk).
  inactive: /\/study\/lk$/,
  partial: /\/study\/today$/,
  subscription: /\/study\/today$/,
  package: /\/study\/today$/,
  student: /\/study\/today$/,
};

describe('client spine in chromium', () => {
  const e2e = useE2e();

  async function userId(login: string): Promise<number> {
    const row = await e2e.server.server.services.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
    return row.id;
  }

  it.each(Object.entries(LANDINGS))('%s signs in through the form, lands where shell §2.4 says, and sees exactly its header links', async (login, landing) => {
    const { page, context, errors } = await e2e.openPage();
    await signInThroughForm(page, login);
    await page.waitForURL(landing);
    const flags = (await flagsForUser(e2e.server.server.services, await userId(login)))!;
    // «Сегодня» leads a student's links: she has the road, and so a plan.
    const student = !['admin', 'curator', 'inactive'].includes(login);
    const expected = [...(student && flags.roadmap === '1' ? ['today'] : []), ...HEADER_FLAGS.filter((flag) => flags[flag] === '1')];
    await page.waitForSelector('.shell__nav-link');
    const shown = await page.locator('.shell__nav-link').evaluateAll((links) => links.map((link) => link.getAttribute('data-flag')));
    expect(shown).toEqual(expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes a header button live when an admin changes the icons configuration', async () => {
    const { page, context } = await e2e.openPage();
    await signInThroughForm(page, 'student');
    await page.waitForURL(/today|roadmap/);
    const trains = page.locator('.shell__nav-link[data-flag="trains"]');
    await trains.waitFor();

    const adminSocket = await (await e2e.server.signIn('admin')).openLive();
    await adminSocket.request(admin.updateAvailableIcon, { icon: 'trains', roles: ['all'], exclude: ['Неактивный', 'Ученик'], groups: [] });
    await trains.waitFor({ state: 'detached', timeout: 5_000 });
    // No reload happened: the same document is still there.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    await adminSocket.request(admin.updateAvailableIcon, { icon: 'trains', roles: ['all'], exclude: ['Неактивный'], groups: [] });
    await trains.waitFor({ timeout: 5_000 });
    adminSocket.close();
    await context.close();
  });

  it('logout lands on /study/login', async () => {
    const { page, context } = await e2e.openPage();
    await signInThroughForm(page, 'sofia');
    await page.waitForURL(/today|roadmap/);
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/study\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('enot.token'), localStorage.getItem('enot.device')])).toEqual([null, null]);
    await context.close();
  });

  it("a '-1' answer lands on /study/login and drops the stored session", async () => {
    const { page, context } = await e2e.openPage();
    await signInThroughForm(page, 'egor');
    await page.waitForURL(/today|roadmap/);
    const device = await page.evaluate(() => localStorage.getItem('enot.device'));
    await e2e.server.server.services.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('device', '=', device!).execute();
    // Any signed call now answers '-1' (the webinar page makes one).
    await page.goto('/study/webinar');
    await page.waitForURL(/\/study\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('enot.token'))).toBeNull();
    await context.close();
  });

  it('shows the 404 page for an unknown path and forgets remembered links', async () => {
    const { page, context } = await e2e.openPage();
    await page.goto('/study/login');
    await page.evaluate(() => localStorage.setItem('enot.navLinks', JSON.stringify({ main: 'calendar' })));
    await page.goto('/study/no/such/page');
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ко входу' }).getAttribute('href')).toBe('/study/login');
    expect(await page.evaluate(() => localStorage.getItem('enot.navLinks'))).toBeNull();
    await context.close();
  });

  it('keeps the theme choice across a reload', async () => {
    const { page, context } = await e2e.openPage();
    await signInThroughForm(page, 'maxim');
    await page.waitForURL(/today|roadmap/);
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    expect(await theme()).toBe('light');
    await page.getByTestId('theme-toggle').click();
    expect(await theme()).toBe('dark');
    await page.reload();
    await page.locator('.shell__header').waitFor();
    expect(await theme()).toBe('dark');
    await context.close();
  });

  it('loads no back-office code on the sign-in page and stays within 145 KB of gzipped JS', async () => {
    const { page, context } = await e2e.openPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
    });
    await page.goto('/study/login');
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await page.waitForLoadState('networkidle');
    const names = [...scripts.keys()].map((url) => url.split('/').pop()!);
    expect(names.some((name) => /Curator|Questions|back-office/i.test(name))).toBe(false);
    const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`sign-in page: ${names.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
    // 150 KB until the second half added a dozen screens: the route table and titles live in the
    // entry chunk and grow with every screen (150.6 KB with all of them); the screens themselves are lazy.
    // 152 KB until the sign-in page gained the school's links (documents, course page, curators'
    // sign-in) and signing its JSON limits: 156.3 KB with them. Back to 150 KB once the back-office
    // routes loaded on the first visit under /curator, the sign-in page stopped importing the ui
    // barrel and jotai left the entry: 148.5 KB. 145 KB since TanStack Query left the sign-in page
    // and its calls' contracts load after the form (the sign-in page's size goal): 139.5 KB in 4 scripts.
    expect(gzipped).toBeLessThanOrEqual(145 * 1024);
    await context.close();
  });

  it('keeps the shell when a screen throws: the route shows «Что-то пошло не так…», the nav works, «Повторить» renders it anew', async () => {
    const { page, context } = await e2e.openPage();
    // The calendar screen's chunk is swapped for one that throws while the page's flag is set.
    await context.addInitScript(() => Reflect.set(window, '__screenFails', true));
    await page.route('**/study/assets/CalendarPage-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "export function CalendarPage() { if (window.__screenFails) throw new Error('screen failed'); return 'календарь восстановлен'; }",
      }),
    );
    await signInThroughForm(page, 'student');
    await page.waitForURL(/today|roadmap/);
    await page.goto('/study/calendar');
    const fallback = page.getByText('Что-то пошло не так…');
    await fallback.waitFor();
    expect(await page.locator('.shell__header').isVisible()).toBe(true);

    // The header still leads elsewhere, and back.
    await page.locator('.shell__nav-link[data-flag="roadmap"]').click();
    await page.getByRole('heading', { name: 'Дорога уроков', level: 1 }).waitFor();
    expect(await fallback.count()).toBe(0);
    await page.goBack();
    await fallback.waitFor();

    await page.evaluate(() => Reflect.set(window, '__screenFails', false));
    await page.getByRole('button', { name: 'Повторить' }).click();
    await page.getByText('календарь восстановлен').waitFor();
    expect(await fallback.count()).toBe(0);
    expect(await page.locator('.shell__header').isVisible()).toBe(true);
    await context.close();
  });

  it('asks a new student for the required profile fields one at a time on «Сегодня», each with what it is for (shell §3.7, §5)', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 390, height: 844 });
    await signInThroughForm(page, 'demo');
    await page.waitForURL(/\/study\/today$/);
    // No form in front of everything: the first day's three questions come first.
    const firstDay = page.getByTestId('first-day');
    await firstDay.waitFor();
    expect(await page.getByRole('dialog', { name: 'Заполни данные профиля' }).count()).toBe(0);
    await firstDay.getByLabel('Сколько баллов хочешь на ЕГЭ?').fill('75');
    await firstDay.getByRole('radio', { name: '30 мин' }).check();
    await firstDay.getByRole('button', { name: 'Составить план' }).click();

    const card = page.getByTestId('today-profile');
    await card.getByLabel('Дата рождения').waitFor();
    expect(await card.textContent()).toContain('Дата рождения нужна школе для учёта учеников.');
    expect(await card.textContent()).toContain('Осталось вопросов: 4');
    await screenshot(page, 'today-profile-light-390');
    await card.getByRole('button', { name: 'Сохранить' }).click();
    await card.getByText('Вы не заполнили поле "Дата рождения"').waitFor();
    await card.getByLabel('Дата рождения').fill('2009-05-20');
    await card.getByRole('button', { name: 'Сохранить' }).click();
    // Saved on its own; the next field follows.
    await card.getByLabel('Телефон').waitFor();
    await card.getByText('Сохранено, спасибо!').waitFor();
    expect(await card.textContent()).toContain('По телефону куратор свяжется с тобой');
    await card.getByLabel('Телефон').fill('+7 (999) 000-11-22');
    expect(await card.getByLabel('Телефон').inputValue()).toBe('79990001122');
    await card.getByLabel('Телефон').press('Enter');
    await card.getByLabel('Почта').fill('ilya@example.ru');
    await card.getByRole('button', { name: 'Сохранить' }).click();
    await card.getByRole('combobox', { name: 'Регион' }).click();
    await page.getByRole('option', { name: 'Новосибирская область' }).click();
    // «Позже» puts the last one off for a day, and it stays off after a reload.
    await card.getByRole('button', { name: 'Позже' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('today-summary').waitFor();
    expect(await card.count()).toBe(0);
    // Elsewhere nothing asks either.
    await page.goto('/study/roadmap');
    await page.locator('.road-node').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Заполни данные профиля' }).count()).toBe(0);
    // A day later it asks again, and the last answer completes the profile.
    await page.evaluate(() => localStorage.setItem('enot.profileQuestionLater', String(Date.now() - 1)));
    await page.goto('/study/today');
    await card.getByRole('combobox', { name: 'Регион' }).click();
    await page.getByRole('option', { name: 'Новосибирская область' }).click();
    await card.getByRole('button', { name: 'Сохранить' }).click();
    await card.waitFor({ state: 'detached' });
    const row = await e2e.server.server.services.db.selectFrom('users').selectAll().where('login', '=', 'demo').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ birth_date: '2009-05-20', phone: '79990001122', email: 'ilya@example.ru', region_number: 54 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes screenshots of login, shell and 404 in light and dark, wide and narrow', async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const suffix = `${dark ? 'dark' : 'light'}-${width}`;
        const { page, context } = await e2e.openPage({ width });
        await context.addInitScript((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), dark);
        await page.goto('/study/login');
        await page.getByRole('heading', { name: 'Вход' }).waitFor();
        await screenshot(page, `login-${suffix}`);
        await signInThroughForm(page, 'curator');
        await page.waitForURL(/curator\/homeworks$/);
        await page.goto('/study/lk');
        await page.locator('.side-nav__link').first().waitFor();
        await screenshot(page, `shell-${suffix}`);
        await page.goto('/study/nothing-here');
        await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
        await screenshot(page, `not-found-${suffix}`);
        await context.close();
      }
    }
  });
});
