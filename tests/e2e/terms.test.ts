import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

describe('materials term search in chromium', () => {
  const e2e = useE2e();

  async function studentPage(options: { width?: number; dark?: boolean } = {}) {
    const opened = await e2e.openPage({ width: options.width, height: options.width === 390 ? 844 : 800 });
    if (options.dark !== undefined) await opened.context.addInitScript((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), options.dark);
    await signInThroughForm(opened.page, 'student');
    await opened.page.waitForURL(/today|roadmap/);
    return opened;
  }

  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Термин' });

  it("shows the definition of 'инфляция', keeps it over a reload, and 'Определение не найдено' for nonsense", async () => {
    const { page, context, errors } = await studentPage();
    await page.goto('/study/materials/search_termin');
    await page.getByRole('heading', { name: 'Поиск терминов', level: 1 }).waitFor();

    await searchBox(page).fill('инфляция');
    await searchBox(page).press('Enter');
    const card = page.locator('.terms__card');
    await card.getByRole('heading', { name: 'Инфляция' }).waitFor();
    expect(await card.textContent()).toMatch(/повышение общего уровня цен/);
    expect(await card.textContent()).toContain('Урок 4');
    expect(await card.textContent()).toContain('Экономика');
    expect(new URL(page.url()).searchParams.get('q')).toBe('инфляция');

    await page.reload();
    await page.locator('.terms__card').getByRole('heading', { name: 'Инфляция' }).waitFor();
    expect(await searchBox(page).inputValue()).toBe('инфляция');

    // Typing without Enter searches after a pause (debounced); a prefix finds the shortest term.
    await searchBox(page).fill('глобализ');
    await page.locator('.terms__card').getByRole('heading', { name: 'Глобализация' }).waitFor();

    await searchBox(page).fill('абракадабра');
    await searchBox(page).press('Enter');
    await page.getByText('Определение не найдено').waitFor();
    expect(await page.locator('.terms__card').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      it(`looks right ${dark ? 'dark' : 'light'} at ${width} px`, async () => {
        const { page, context } = await studentPage({ width, dark });
        await page.goto('/study/materials/search_termin?q=' + encodeURIComponent('Социальная мобильность'));
        await page.locator('.terms__card').getByRole('heading', { name: 'Социальная мобильность' }).waitFor();
        await screenshot(page, `terms-${dark ? 'dark' : 'light'}-${width}`);
        // An address in Materials that is neither search: the spec's 'Неизвестный селект …', inside the section.
        await page.goto('/study/materials/search_books');
        const alert = page.getByRole('alert').filter({ hasText: 'Неизвестный селект' });
        await alert.waitFor();
        expect(await alert.textContent()).toBe('Неизвестный селект search_books');
        await screenshot(page, `materials-unknown-${dark ? 'dark' : 'light'}-${width}`);
        await page.getByRole('link', { name: 'Поиск терминов' }).last().click();
        await page.getByRole('heading', { name: 'Поиск терминов', level: 1 }).waitFor();
        await context.close();
      });
    }
  }
});
