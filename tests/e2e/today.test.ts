import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { makeHomework, makeStudent, setHomeworkRules } from '../helpers/factories';

const DAY = 86_400_000;
/** Moscow midnight of today, as the server's plan counts days. */
const moscowDayStart = (now: number) => Math.floor((now + 3 * 3_600_000) / DAY) * DAY - 3 * 3_600_000;

/**
 * «Сегодня»: a new student answers the three first-day questions and gets a plan whose
 * deadlines come first, soonest first; finishing a homework ticks its item without a reload.
 */
describe('«Сегодня» in chromium', () => {
  const e2e = useE2e();

  beforeAll(async () => {
    const today = moscowDayStart(Date.now());
    // Homework 2 due tomorrow (one short question, so the test can do it), 3 in four days, 1 in five.
    await makeHomework(e2e.server, {
      num: 2,
      part1: [{ questionType: 'WORD', questionText: 'Запишите слово, пропущенное в схеме: «Социальная …: деление общества на слои».', rightAnswers: ['стратификация'], qEgeNum: 2, qLessonNum: 2, qChapter: 'Социальные отношения', isPublished: '1' }],
      rules: { deadlineAt: today + 2 * DAY - 60_000, p1TimeLimitMin: null },
    });
    await setHomeworkRules(e2e.server, 3, { deadlineAt: today + 4 * DAY - 60_000 });
    await setHomeworkRules(e2e.server, 1, { deadlineAt: today + 5 * DAY - 60_000 });
  });

  /** A new student signed in through the form, on the page she lands on. */
  async function newStudent(view: { width: number; dark: boolean }) {
    const student = await makeStudent(e2e.server, { createdAt: Date.now() - DAY });
    const opened = await e2e.openPage({ width: view.width, height: view.width === 390 ? 844 : 800 });
    await opened.context.addInitScript((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), view.dark);
    await signInThroughForm(opened.page, student.login);
    await opened.page.waitForURL(/\/study\/today$/);
    return { ...opened, student };
  }

  /** Answers the three first-day questions. */
  async function answerFirstDay(page: Page, minutes: string) {
    const form = page.getByTestId('first-day');
    await form.waitFor();
    await form.getByLabel('Сколько баллов хочешь на ЕГЭ?').fill('82');
    expect(await form.getByLabel('Когда экзамен?').inputValue()).toMatch(/^\d{4}-06-01$/);
    await form.getByRole('radio', { name: `${minutes} мин` }).check();
    await form.getByRole('button', { name: 'Составить план' }).click();
    await page.getByTestId('today-plan').waitFor();
  }

  const itemTitles = (page: Page) => page.locator('[data-testid="today-item"] .today-item__title').allTextContents();

  it('asks three questions first, then shows a plan led by the nearest deadlines; a finished homework ticks its item without a reload', async () => {
    const { page, context, errors, student } = await newStudent({ width: 1280, dark: false });
    // No blocking profile form on the first day.
    expect(await page.getByRole('dialog', { name: 'Заполни данные профиля' }).count()).toBe(0);
    await answerFirstDay(page, '60');

    const titles = await itemTitles(page);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    const homework = titles.map((title) => /^ДЗ (\d+)/.exec(title)?.[1]).filter((num) => num !== undefined);
    expect([...new Set(homework)].slice(0, 3)).toEqual(['2', '3', '1']);
    // Deadline work leads the plan.
    expect(titles[0]).toMatch(/^ДЗ 2, часть/);
    const first = page.getByTestId('today-item').first();
    expect(await first.textContent()).toContain('дедлайн завтра');
    expect(await first.textContent()).toMatch(/\d+ мин/);
    await screenshot(page, 'today-plan-light-1280');

    // Do part 1 of homework 2 from its item, then come back through the header: no reload.
    const item = page.getByTestId('today-item').filter({ hasText: 'ДЗ 2, часть 1' });
    expect(await item.getAttribute('data-done')).toBe('0');
    await item.getByRole('link').click();
    await page.waitForURL(/\/study\/ht_p1\/2\/0$/);
    const start = page.getByTestId('ht-start');
    await start.or(page.getByTestId('ht-continue')).first().waitFor();
    // No profile form stops her on the way (the school keeps it non-blocking: «Сегодня» asks instead).
    expect(await page.getByRole('dialog', { name: 'Заполни данные профиля' }).count()).toBe(0);
    if (await start.isVisible()) await start.click();
    await page.getByTestId('answer-word').fill('стратификация');
    await page.getByTestId('ht-continue').click();
    await page.getByTestId('ht-score').waitFor();
    await page.locator('.shell__nav-link[data-flag="today"]').click();
    await page.waitForURL(/\/study\/today$/);
    await expect.poll(() => page.getByTestId('today-item').filter({ hasText: 'ДЗ 2, часть 1' }).getAttribute('data-done')).toBe('1');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    // Its first item done: the day counts, and the raccoon is happy.
    await expect.poll(() => page.getByTestId('streak-current').textContent()).toBe('1 день подряд');
    expect(await page.getByTestId('raccoon-mood').getAttribute('data-mood')).toBe('happy');
    // The counted day fed the raccoon in the transaction that finished the homework.
    const cookies = await e2e.server.server.services.db.selectFrom('pet_cookies').select('reward_key').where('user_id', '=', student.id).execute();
    expect(cookies.map((row) => row.reward_key)).toEqual(expect.arrayContaining(['hw-p1:2:0', expect.stringMatching(/^study-day:\d+$/)]));
    await screenshot(page, 'today-ticked-light-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const view of [
    { width: 390, dark: true },
    { width: 1280, dark: true },
    { width: 390, dark: false },
  ]) {
    it(`shows the first day and the plan (${view.dark ? 'dark' : 'light'}, ${view.width})`, async () => {
      const { page, context, errors } = await newStudent(view);
      await page.getByTestId('first-day').waitFor();
      await screenshot(page, `today-first-day-${view.dark ? 'dark' : 'light'}-${view.width}`);
      await answerFirstDay(page, '30');
      expect((await itemTitles(page)).length).toBeGreaterThanOrEqual(1);
      await screenshot(page, `today-plan-${view.dark ? 'dark' : 'light'}-${view.width}`);
      // The road is one tap away.
      await page.getByRole('link', { name: 'Дорога уроков' }).click();
      await page.waitForURL(/\/study\/roadmap$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('keeps the old blocking profile form when the school turns it on in «Настройки школы»', async () => {
    const db = e2e.server.server.services.db;
    const setting = async () => (await db.selectFrom('admin_variables').select('value').where('name', '=', 'PROFILE_FORM_BLOCKING').executeTakeFirst())?.value;
    const admin = await e2e.openPage();
    await signInThroughForm(admin.page, 'admin');
    await admin.page.waitForURL(/\/study\/roadmap$/);
    await admin.page.goto('/study/curator/change-variables');
    await admin.page.getByRole('tab', { name: 'Сегодня' }).click();
    const panel = admin.page.getByRole('tabpanel', { name: 'Сегодня' });
    await panel.getByRole('switch', { name: 'Анкета профиля блокирует нового ученика, пока не заполнена' }).click();
    await panel.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(setting).toBe('1');
    await screenshot(admin.page, 'today-settings-light-1280');

    // A new student now meets the form first, and it cannot be put off.
    const { page, context } = await newStudent({ width: 390, dark: false });
    const profile = page.getByRole('dialog', { name: 'Заполни данные профиля' });
    await profile.getByText('Без них продолжить нельзя.').waitFor();
    expect(await profile.getByRole('button', { name: 'Позже' }).count()).toBe(0);
    await context.close();

    await panel.getByRole('switch', { name: 'Анкета профиля блокирует нового ученика, пока не заполнена' }).click();
    await panel.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(setting).toBe('0');
    await admin.context.close();
  });
});
