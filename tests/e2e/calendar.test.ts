import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendar } from '../../src/shared/contract';
import type { ScheduleEvent } from '../../src/shared/contract/calendar';
import { moscowDateKey } from '../../src/shared/domain/moscow-time';
import { addDaysIso, mondayOf } from '../../server/domains/calendar/iso-days';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const MONTHS = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];
const monthTitle = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const firstOfNextMonth = (iso: string) => {
  const [year, month] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

describe('calendar screen in chromium', () => {
  let events: ScheduleEvent[];

  const e2e = useE2e();
  beforeAll(async () => {
    events = (await (await e2e.server.signIn('student')).call(calendar.getRaspis, {})).dataArrayArray;
  });

  async function openCalendar(page: Page, options: { dark?: boolean } = {}) {
    await signInThroughForm(page, 'student');
    await page.waitForURL(/today|roadmap/);
    if (options.dark) await page.evaluate(() => localStorage.setItem('dark_theme', '1'));
    await page.goto('/study/calendar');
    await page.getByRole('table', { name: /^Расписание: / }).waitFor();
    await page.locator('.birthdays, .ui-empty, .ui-error-box').first().waitFor();
  }

  /** Waits until entrance animations (the popup's fade and rise) are over, for a true screenshot. */
  const settled = (page: Page) =>
    page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));

  const day = (page: Page, iso: string) => page.locator(`.sched__day[data-iso="${iso}"]`);

  it('shows the demo student lessons, this week’s test week, other months, a day’s events and birthdays', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openCalendar(page);
    const today = moscowDateKey(Date.now());
    const heading = page.locator('.sched__title');
    expect(await heading.textContent()).toBe(monthTitle(today));

    // Today's mark.
    expect(await page.locator('.sched__day[aria-current="date"]').getAttribute('data-iso')).toBe(today);

    // Lesson marks: every lesson day of the shown grid has a dot and says so.
    const lessonsThisMonth = events.filter((event) => event.type === 'Lesson' && event.date_start.slice(0, 7) === today.slice(0, 7));
    expect(lessonsThisMonth.length).toBeGreaterThan(0);
    for (const lesson of lessonsThisMonth) {
      await expect.poll(() => day(page, lesson.date_start).locator('.sched__dot').count()).toBe(1);
      expect(await day(page, lesson.date_start).getAttribute('aria-label')).toContain('1 урок');
    }

    // This week is a test week: one band from Monday to Sunday.
    const monday = mondayOf(today);
    const bands = await Promise.all([0, 1, 3, 6].map((offset) => page.locator('.sched__cell', { has: day(page, addDaysIso(monday, offset)) }).getAttribute('class')));
    expect(bands).toEqual([expect.stringContaining('is-band-start'), expect.stringContaining('is-band-middle'), expect.stringContaining('is-band-middle'), expect.stringContaining('is-band-end')]);
    // The day before the band is outside it (the grid always shows the Sunday before a Monday of this month's weeks, or the week is the first row).
    const sunday = addDaysIso(monday, -1);
    if (await day(page, sunday).count()) expect(await page.locator('.sched__cell', { has: day(page, sunday) }).getAttribute('class')).not.toContain('is-band');
    expect(await day(page, today).getAttribute('aria-label')).toContain('зачётная неделя');
    await screenshot(page, 'calendar-light-1280');

    // Next month and back, with the buttons named after the months.
    const next = firstOfNextMonth(today);
    await page.getByRole('button', { name: `Следующий месяц: ${MONTHS[Number(next.slice(5, 7)) - 1]}` }).click();
    await expect.poll(() => heading.textContent()).toBe(monthTitle(next));
    const nextLesson = events.find((event) => event.type === 'Lesson' && event.date_start.startsWith(next.slice(0, 7)));
    if (nextLesson) expect(await day(page, nextLesson.date_start).locator('.sched__dot').count()).toBe(1);
    await page.getByRole('button', { name: `Предыдущий месяц: ${MONTHS[Number(today.slice(5, 7)) - 1]}` }).click();
    await expect.poll(() => heading.textContent()).toBe(monthTitle(today));

    // A lesson day opens a popup with time, type and topic.
    const lesson = lessonsThisMonth[0]!;
    await day(page, lesson.date_start).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.sched-event__time').first().textContent()).toBe('18:00');
    expect(await dialog.locator('.sched-event__type').first().textContent()).toBe('Урок');
    expect(await dialog.locator('.sched-event__description').first().textContent()).toBe(lesson.description);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Today (in the test week) by keyboard: Enter opens it, the popup names the week.
    await day(page, today).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.locator('.sched-event__type').first().textContent()).toBe('Зачётная неделя');
    expect(await dialog.textContent()).toContain('Зачётная неделя: «Экономика»');
    await settled(page);
    await screenshot(page, 'calendar-popup-light-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus came back to the day; arrows move between days, PageDown turns the month.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.iso)).toBe(today);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.iso)).toBe(addDaysIso(today, 7));
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.iso)).toBe(addDaysIso(today, 6));
    // PageDown turns to the month after the focused day's (near a month's end the arrows have
    // already carried the focus, and the grid, into the next month).
    await page.keyboard.press('PageDown');
    await expect.poll(() => heading.textContent()).toBe(monthTitle(firstOfNextMonth(addDaysIso(today, 6))));
    await page.getByRole('button', { name: 'Сегодня', exact: true }).click();
    await expect.poll(() => heading.textContent()).toBe(monthTitle(today));
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.iso)).toBe(today);

    // Birthdays today: the seeded classmates with role and messenger link.
    const birthdays = page.locator('.birthdays__item');
    expect(await birthdays.count()).toBeGreaterThanOrEqual(2);
    const sofia = birthdays.filter({ hasText: 'София Павлова' });
    expect(await sofia.locator('.birthdays__role').textContent()).toBe('Ученик');
    expect(await sofia.getByRole('link').getAttribute('href')).toBe('https://t.me/sofia_pavlova');
    expect(await birthdays.filter({ hasText: 'Максим Фёдоров' }).textContent()).toContain('нет ссылки на мессенджер');

    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['light', 390],
    ['dark', 1280],
    ['dark', 390],
  ] as const)('looks right in %s at %i px', async (theme, width) => {
    const { page, context, errors } = await e2e.openPage({ width, height: 844 });
    await openCalendar(page, { dark: theme === 'dark' });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `calendar-${theme}-${width}`);
    if (width === 390) {
      const thisMonth = moscowDateKey(Date.now()).slice(0, 7);
      const lessonDay = events.find((event) => event.type === 'Lesson' && event.date_start.startsWith(thisMonth))!;
      await day(page, lessonDay.date_start).click();
      await page.getByRole('dialog').waitFor();
      await settled(page);
      await screenshot(page, `calendar-popup-${theme}-${width}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows load errors with their prefixes and retries', async () => {
    const { page, context } = await e2e.openPage();
    await signInThroughForm(page, 'student');
    await page.waitForURL(/today|roadmap/);
    await page.route('**/get_raspis.php', (route) => route.abort());
    await page.route('**/get_birthdays.php', (route) => route.abort());
    await page.goto('/study/calendar');
    const alerts = page.getByRole('alert');
    await alerts.nth(1).waitFor();
    const texts = await alerts.allTextContents();
    expect(texts.some((text) => text.startsWith('Ошибка: '))).toBe(true);
    expect(texts.some((text) => text.startsWith('Ошибка получения пользователей, у которых сегодня ДР: '))).toBe(true);
    await screenshot(page, 'calendar-errors-light-1280');
    await page.unroute('**/get_raspis.php');
    await page.unroute('**/get_birthdays.php');
    // Each box's own retry: the first box may still be on screen when the second is clicked.
    const retryBoxes = [alerts.filter({ hasText: /^Ошибка: / }), alerts.filter({ hasText: 'Ошибка получения пользователей' })];
    for (const box of retryBoxes) await box.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    await page.getByRole('table', { name: /^Расписание: / }).waitFor();
    await page.locator('.birthdays').waitFor();
    await context.close();
  });

  it('says so when nobody has a birthday today', async () => {
    const { db } = e2e.server.server.services;
    await db.updateTable('users').set({ birth_date: `2008-${addDaysIso(moscowDateKey(Date.now()), 1).slice(5)}` }).execute();
    const { page, context } = await e2e.openPage();
    await openCalendar(page);
    await page.getByText('Сегодня никто не отмечает день рождения...', { exact: true }).waitFor();
    await context.close();
  });
});
