import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rating } from '../../src/shared/contract';
import { DEMO_COURSE } from '../../server/db/seed/demo-course-content';
import type { TestClient } from '../helpers/client';
import { SCREENSHOT_DIR, screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const SIGN_TERMS = DEMO_COURSE.signTerms;
/** Every part 1 and part 2 question of the demo course. */
const ALL_QUESTIONS = DEMO_COURSE.questionsP1.length + DEMO_COURSE.questionsP2.length;
/** Part 1 questions of the first chapter (lessons 1 and 2). */
const CHAPTER_ONE_P1 = DEMO_COURSE.questionsP1.filter((item) => [1, 2].includes(item.question.qLessonNum)).length;

/** How the screen writes a server value ('-1.5' → '−1,5'). */
const shown = (value: string) => value.replace('-', '−').replace('.', ',');

async function openRatings(page: Page, login: string): Promise<void> {
  await signInThroughForm(page, login);
  await page.waitForURL(/\/study\/(today|roadmap|lk|curator\/homeworks)$/);
  await page.goto('/study/ratings');
  await page.getByRole('heading', { level: 1, name: 'Рейтинг и статистика' }).waitFor();
}

/** Size of the chart's canvas and how many of its pixels are painted. */
async function canvasState(page: Page): Promise<{ width: number; height: number; painted: number }> {
  const canvas = page.locator('[data-testid="rating-chart"] canvas').first();
  await canvas.waitFor();
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d')!;
    const pixels = context.getImageData(0, 0, element.width, element.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted += 1;
    const box = element.getBoundingClientRect();
    return { width: box.width, height: box.height, painted };
  });
}

const chartPoints = (page: Page) => page.locator('.rating-chart-card .visually-hidden tbody tr').count();

async function choose(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('ratings screen in chromium', () => {
  let student: TestClient;

  const e2e = useE2e();
  beforeAll(async () => {
    student = await e2e.server.signIn('student');
  });

  it('shows the month rating, a drawn chart, the last 20 changes and the top; grouping persists, the top switches period', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openRatings(page, 'student');
    const story = await student.call(rating.getRatingStory, {});

    await expect.poll(() => page.getByTestId('rating-month').textContent()).toBe(shown(story.ratingMonth));
    expect(await page.getByTestId('rating-total').textContent()).toBe(shown(story.rating));

    // Chapter mastery and the mastery rating, as the server computed them.
    const mastery = page.getByTestId('chapter-mastery');
    await mastery.waitFor();
    // Homework 1, its additional part, homework 2 and credit 1 (mastery.test.ts says which).
    expect(await mastery.textContent()).toContain(`Вопросы 1 части: 11 из ${CHAPTER_ONE_P1} · Задания 2 части: 2 из 4`);
    // Bars judge against what is due: each chapter's state as the server says, in words too.
    const socketForPace = await student.openLive();
    const byServer = await socketForPace.request(rating.getChaptersStatistics, { userId: '' });
    socketForPace.close();
    const chapterPaces = await mastery.locator('li.rating-mastery__item').evaluateAll((items) => items.map((item) => item.getAttribute('data-pace')));
    expect(chapterPaces).toEqual(byServer.chaptersStatistics.map((chapter) => chapter.pace));
    // The last chapter's lessons open weeks from now: «впереди», not red.
    expect(byServer.chaptersStatistics.at(-1)!.pace).toBe('ahead');
    expect(await mastery.locator('li.rating-mastery__item').last().locator('.ui-pace-badge').textContent()).toBe('Состояние: впереди');
    expect(await mastery.textContent()).toContain(`Всего решено: ${byServer.solvedPercent}% курса`);
    const me = page.locator('[data-testid="study-rating"] .study-rating__item--me');
    // Every question and the signs trainer's terms weigh one unit each.
    expect(await me.textContent()).toContain(`решено ${Math.floor((13 / (ALL_QUESTIONS + SIGN_TERMS.length)) * 100)}%`);

    // Homework chart: the seeded points as 125/70 px per point.
    const bars = page.locator('[data-testid="homework-chart"] .homework-chart__bar');
    await expect.poll(() => bars.count()).toBe(2);
    const socket = await student.openLive();
    const { dzStatistics } = await socket.request(rating.getDzStatistics, { type: 'all' });
    socket.close();
    const heights = await bars.evaluateAll((list) => list.map((bar) => Math.round(bar.getBoundingClientRect().height)));
    expect(heights).toEqual(dzStatistics.map((item) => Math.round((item.primaryBall * 125) / 70)));
    expect(await page.locator('[data-testid="homework-chart"]').textContent()).toContain('ДЗ 1');

    const drawn = await canvasState(page);
    expect(drawn.width).toBeGreaterThan(300);
    expect(drawn.height).toBeGreaterThan(150);
    expect(drawn.painted).toBeGreaterThan(1000);

    const items = page.locator('[data-testid="rating-story"] li');
    expect(await items.count()).toBe(20);
    const first = story.ratingStory[0]!;
    const firstText = await items.first().textContent();
    expect(firstText).toContain(first.comment);
    expect(firstText).toContain(Number(first.value) > 0 ? `+${shown(first.value)}` : shown(first.value));
    // Every sign colour class matches the value it paints.
    const tones = await items.locator('.rating-story__value').evaluateAll((values) =>
      values.map((value) => [value.textContent, value.className.match(/rating-value--(\w+)/)?.[1]]),
    );
    for (const [text, tone] of tones) {
      expect(tone).toBe(text!.startsWith('+') ? 'positive' : text!.startsWith('−') ? 'negative' : 'zero');
    }

    const monthTop = (await student.call(rating.getRatingTop, { period: 'month' })).ratingTop;
    const topRows = page.locator('[data-testid="rating-top"] tbody tr');
    await expect.poll(() => topRows.count()).toBe(monthTop.length);
    expect(await topRows.first().textContent()).toContain(monthTop[0]!.user);

    // Grouping: day → week, remembered across a reload.
    const daily = await chartPoints(page);
    expect(daily).toBeGreaterThan(50);
    await choose(page, 'Группировка', 'По неделям');
    // A point per week: the days over 7, plus the weeks cut at either end.
    const weekly = Math.ceil(daily / 7) + 1;
    await expect.poll(() => chartPoints(page)).toBeLessThanOrEqual(weekly);
    expect(await page.evaluate(() => localStorage.getItem('enot.ratingGrouping'))).toBe('week');
    await page.reload();
    await page.locator('[data-testid="rating-chart"] canvas').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Группировка' }).textContent()).toBe('По неделям');
    expect(await chartPoints(page)).toBeLessThanOrEqual(weekly);
    await choose(page, 'Группировка', 'По дням');
    await expect.poll(() => chartPoints(page)).toBe(daily);
    expect(await page.evaluate(() => localStorage.getItem('enot.ratingGrouping'))).toBe('day');

    // The chart follows the theme (rebuilt with the new CSS variables) and its container's width.
    const canvas = page.locator('[data-testid="rating-chart"] canvas').first();
    await canvas.evaluate((element) => element.setAttribute('data-old', '1'));
    await page.getByTestId('theme-toggle').click();
    await page.locator('[data-testid="rating-chart"] canvas:not([data-old])').first().waitFor();
    const wide = (await canvasState(page)).width;
    await page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(async () => (await canvasState(page)).width).toBeLessThan(wide - 100);
    await page.getByTestId('theme-toggle').click();

    // The top's period.
    const yearTop = (await student.call(rating.getRatingTop, { period: 'year' })).ratingTop;
    await choose(page, 'Период топа', 'Текущий год');
    await expect.poll(() => topRows.first().textContent()).toContain(yearTop[0]!.user);
    await expect.poll(() => page.locator('[data-testid="rating-top"] tbody tr td.rating-top__value').first().textContent()).toBe(shown(yearTop[0]!.value));
    expect(await topRows.count()).toBe(yearTop.length);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers the chart period as 'За весь период' or 'За последний месяц' (shell §2.10), no free range", async () => {
    const { page, context } = await e2e.openPage();
    await openRatings(page, 'sofia');
    await page.locator('[data-testid="rating-chart"] canvas').first().waitFor();
    const period = page.getByRole('combobox', { name: 'Период графика' });
    expect(await period.textContent()).toBe('За весь период');
    const whole = await chartPoints(page);
    await period.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['За весь период', 'За последний месяц']);
    await screenshot(page, 'ratings-period-light-1280');
    await page.getByRole('option', { name: 'За последний месяц' }).click();
    // A month back from today in Moscow: 29 to 32 days with today.
    await expect.poll(() => chartPoints(page)).toBeLessThanOrEqual(32);
    expect(await chartPoints(page)).toBeGreaterThanOrEqual(29);
    expect(whole).toBeGreaterThan(32);
    expect(await page.getByRole('button', { name: /^Выбрать период/ }).count()).toBe(0);
    await context.close();
  });

  it('says when the chart cannot load and retries; empty states for a user without a rating', async () => {
    const { page, context } = await e2e.openPage();
    await page.route('**/app/api/rating/get_rating_statistic.php', (route) => route.abort('failed'));
    await openRatings(page, 'egor');
    const error = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить график' });
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('Ошибка получения статистики изменения рейтинга за последние 2 месяца: ');
    await page.unroute('**/app/api/rating/get_rating_statistic.php');
    await error.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    expect((await canvasState(page)).width).toBeGreaterThan(0);
    await context.close();

    // The curator has no rating of their own.
    const curator = await e2e.openPage();
    await openRatings(curator.page, 'curator');
    await curator.page.getByText('Рейтинг отсутствует').waitFor();
    await curator.page.getByText('Статистика отсутствует').waitFor();
    await curator.page.getByText('Статистики нет, так как нет выполненных дз').waitFor();
    await curator.context.close();
  });

  it('screenshots in light and dark at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await page.goto('/study/login');
        await page.evaluate((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), dark);
        await openRatings(page, 'student');
        await page.locator('[data-testid="rating-chart"] canvas').first().waitFor();
        await page.locator('[data-testid="rating-top"]').waitFor();
        await page.locator('[data-testid="homework-chart"]').waitFor();
        const { width: chartWidth } = await canvasState(page);
        expect(chartWidth).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `ratings-${dark ? 'dark' : 'light'}-${width}`);
        // The period choice up close (a full page at 390 px is too tall to read).
        await page.locator('.rating-chart-card').screenshot({ path: join(SCREENSHOT_DIR, `ratings-chart-${dark ? 'dark' : 'light'}-${width}.png`) });
        // Chapter bars coloured against what is due, up close.
        await page.locator('.rating-mastery').screenshot({ path: join(SCREENSHOT_DIR, `ratings-mastery-${dark ? 'dark' : 'light'}-${width}.png`) });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
