import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { course } from '../../src/shared/contract';
import { screenshot, waitForSettled } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

describe('roadmap and lesson popup in chromium', () => {
  const e2e = useE2e();

  const { signedIn } = e2e;

  const node = (page: Page, num: number) => page.locator(`.road-node[data-lesson="${num}"]`);

  async function inViewport(page: Page, num: number): Promise<boolean> {
    return node(page, num).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= window.innerHeight;
    });
  }

  it('scrolls to the first lesson in progress, opens lesson 1, and closes back to the road', async () => {
    const { page, context, errors } = await signedIn('student');
    await page.goto('/study/roadmap');
    await page.getByRole('heading', { name: 'Дорога уроков', level: 1 }).waitFor();
    await node(page, 10).waitFor();
    // Lesson 3 (status 2) is the first with status 1 or 2; the smooth scroll brings it to the middle.
    await expect.poll(() => inViewport(page, 3), { timeout: 5000 }).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await node(page, 1).textContent()).toContain('Сделано всё');
    expect(await node(page, 3).textContent()).toContain('Выполняется');
    expect(await node(page, 4).textContent()).toContain('Не начат');
    // Six chapters in order, with five colours cycling (the sixth takes the first colour again).
    const chapters = await page.locator('.road-chapter').evaluateAll((elements) => elements.map((element) => element.className));
    expect(chapters).toHaveLength(6);
    expect(chapters[0]).toContain('road-chapter--c1');
    expect(chapters[4]).toContain('road-chapter--c5');
    expect(chapters[5]).toContain('road-chapter--c1');
    // Zig-zag positions continue over chapters.
    expect(await node(page, 1).getAttribute('class')).toContain('road-node--left');
    expect(await node(page, 2).getAttribute('class')).toContain('road-node--center-left');
    expect(await node(page, 3).getAttribute('class')).toContain('road-node--right');
    expect(await node(page, 4).getAttribute('class')).toContain('road-node--center-right');
    // The roadmap uses the full width.
    expect(await page.locator('.shell__main > .container').getAttribute('class')).toContain('container--wide');

    // Lesson 8 is locked: not a link, says so.
    expect(await node(page, 8).locator('a').count()).toBe(0);
    expect(await node(page, 8).textContent()).toContain('Не доступен');
    await node(page, 8).locator('.road-node__button').click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/study/roadmap');

    await node(page, 1).locator('a').click();
    await page.waitForURL(/\/study\/roadmap\/1$/);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Общество как система').waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Человек и общество · Урок 1');
    expect(text).toContain('Общество и человек');
    expect(text).toContain('Обязательное');
    // Points as the server computed them from the seeded answers.
    const card = await (await e2e.server.signIn('student')).call(course.getLessonCard, { lessonNum: 1 });
    const main = card.homeTasks[0]!;
    expect(text).toContain(`${main.ht_user_ballov_p1} / ${main.ht_user_maxballov_p1}`);
    expect(text).toMatch(/до \d{2}\.\d{2}\.\d{4} \(\d{2}:\d{2} мск\)|дедлайн отсутствует/);
    // Sections in the spec's order.
    const sections = await dialog.locator('.lesson-pop__section-title').allTextContents();
    expect(sections[0]).toBe('Видеоуроки');
    expect(sections.indexOf('Домашние задания')).toBeGreaterThan(0);
    // Bars and the up button are hidden while the popup is open.
    expect(await page.locator('.shell__header').count()).toBe(0);
    expect(await page.locator('.road__up').count()).toBe(0);
    // Targets of the rows.
    const videoHref = await dialog.getByRole('link', { name: /Общество как система/ }).getAttribute('href');
    expect(videoHref).toMatch(/^\/study\/video_lesson\/\d+$/);
    expect(await dialog.locator('a[href="/study/ht_p1/1/0"]').count()).toBe(1);
    expect(await dialog.locator('a[href="/study/ht_p2?dz_num=1&dop=0"]').count()).toBe(1);

    expect(await dialog.getByRole('button', { name: 'Вернуться к дороге уроков' }).count()).toBe(1);
    // A click outside the panel returns to the road.
    await page.mouse.click(5, 5);
    await page.waitForURL(/\/study\/roadmap$/);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('.shell__header').waitFor();

    // Escape closes as well.
    await node(page, 2).locator('a').click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/study\/roadmap$/);

    // And the back button.
    await node(page, 3).locator('a').click();
    await page.getByRole('button', { name: 'Вернуться к дороге уроков' }).click();
    await page.waitForURL(/\/study\/roadmap$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a deep link /study/roadmap/2 and shows the refusal of a closed lesson with retry', async () => {
    const { page, context } = await signedIn('student');
    await page.goto('/study/roadmap/2');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Познание и духовная культура').first().waitFor();
    expect(await dialog.textContent()).toContain('Урок 2');
    await expect.poll(() => inViewport(page, 2), { timeout: 5000 }).toBe(true);

    // Lesson 2 carries automatic credit 1, passed.
    const auto1 = dialog.locator('a[href="/study/zachet_auto/1"]');
    await auto1.waitFor();
    expect(await auto1.textContent()).toContain('Сдан');

    // Lesson 4 (no videos in the demo course, so that section is left out): the other sections in order;
    // credits not started read 'Не начато' (auto) and 'Не начат' (oral).
    await page.goto('/study/roadmap/4');
    await page.getByRole('dialog').locator('.lesson-pop__section-title').first().waitFor();
    expect(await page.getByRole('dialog').locator('.lesson-pop__section-title').allTextContents()).toEqual([
      'Домашние задания',
      'Автоматические зачёты',
      'Устные зачёты',
    ]);
    expect(await page.getByRole('dialog').locator('a[href="/study/zachet_auto/2"]').textContent()).toContain('Не начато');
    expect(await page.getByRole('dialog').locator('a[href="/study/zachet_zapis?zachet_num=1"]').textContent()).toContain('Не начат');
    await page.screenshot({ path: 'tests/e2e/artifacts/lesson-4-light-1280.png' });

    await page.goto('/study/roadmap/8');
    await page.getByRole('dialog').getByText('Ошибка: Урок пока недоступен').waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Попробовать ещё раз' }).count()).toBe(1);
    await context.close();
  });

  it('shows the up button after 1000 px and scrolls back to the top', async () => {
    const { page, context } = await signedIn('student', { width: 390 });
    await page.goto('/study/roadmap');
    await node(page, 10).waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await waitForSettled(page);
    expect(await page.locator('.road__up').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.locator('.road__up').waitFor();
    await page.locator('.road__up').click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('lets a demo open only lessons 1 and 2, and links the knowledge map', async () => {
    const { page, context } = await signedIn('demo');
    await page.goto('/study/roadmap');
    await node(page, 10).waitFor();
    const open = await page.locator('.road-node a').evaluateAll((links) => links.map((link) => link.closest('.road-node')!.getAttribute('data-lesson')));
    expect(open).toEqual(['1', '2']);
    const mapLink = page.getByRole('link', { name: 'Карта знаний' });
    expect(await mapLink.getAttribute('href')).toBe('/study/knowledge_grid');
    await context.close();
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      it(`looks right ${dark ? 'dark' : 'light'} at ${width} px`, async () => {
        const { page, context } = await signedIn('student', { width, dark });
        await page.goto('/study/roadmap');
        await node(page, 10).waitFor();
        await waitForSettled(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await waitForSettled(page);
        await screenshot(page, `roadmap-${dark ? 'dark' : 'light'}-${width}`);
        await page.goto('/study/roadmap/1');
        await page.getByRole('dialog').getByText('Общество как система').waitFor();
        await waitForSettled(page);
        await page.screenshot({ path: `tests/e2e/artifacts/lesson-${dark ? 'dark' : 'light'}-${width}.png` });
        await context.close();
      });
    }
  }
});
