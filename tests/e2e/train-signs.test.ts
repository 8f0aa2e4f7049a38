import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_COURSE, demoChapterOf } from '../../server/db/seed/demo-course-content';
import { settledScreenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const SIGN_TERMS = DEMO_COURSE.signTerms;

const PATH = '/study/trains/train_priznaki';
const termOf = (name: string) => SIGN_TERMS.find((term) => term.name === name)!;
const signsOf = (name: string) => termOf(name).signs;
const chapterOf = (name: string) => demoChapterOf(termOf(name).lesson)!;

/** A full-page screenshot from the top (a scrolled page would draw the sticky header mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settledScreenshot(page, name);
}

async function openTrainer(page: Page): Promise<void> {
  await page.goto(PATH);
  await page.getByRole('heading', { level: 1, name: 'Тренировка признаков' }).waitFor();
}

const stat = (page: Page, key: string) => page.getByTestId(`trs-${key}`).textContent();
const termName = async (page: Page) => (await page.getByTestId('trs-term-name').textContent())!.trim();
const status = (page: Page) => page.getByTestId('trs-term').getAttribute('data-status');
/** Each shown sign's mark ('1' right, '0' wrong), by sign text (the order on screen is shuffled). */
const marksOf = async (page: Page) =>
  Object.fromEntries(
    await page.locator('[data-testid="trs-results"] li').evaluateAll((items) => items.map((item) => [item.querySelector('.trs__result-text')!.textContent, item.getAttribute('data-correct')])),
  );

/** Ticks the signs of the shown term: only the true ones, or every one (a wrong answer). */
async function tick(page: Page, which: 'right' | 'all'): Promise<string> {
  const name = await termName(page);
  for (const sign of signsOf(name)) {
    if (which === 'all' || sign.right) await page.getByRole('checkbox', { name: sign.text, exact: true }).check();
  }
  return name;
}

describe('signs trainer in chromium', () => {
  const e2e = useE2e();

  it('trains random and by-chapter rounds, continues after a reload and counts the solved term in chapter mastery', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'egor');
    await openTrainer(page);

    // Statistics: lessons 1–6 are open in the demo course.
    await expect.poll(() => stat(page, 'available')).toBe(String(SIGN_TERMS.filter((term) => term.lesson <= 6).length));
    expect(await stat(page, 'answers')).toBe('0');

    // Random round, answered right.
    await page.getByTestId('trs-random').getByRole('button', { name: 'Начать' }).click();
    await expect.poll(() => status(page)).toBe('ANSWERING');
    expect(await page.getByRole('button', { name: 'Проверить' }).isDisabled()).toBe(true);
    const first = await tick(page, 'right');
    expect(await page.getByTestId('trs-lesson').textContent()).toBe(`Урок ${termOf(first).lesson}`);
    expect(await page.getByTestId('trs-chapter').textContent()).toBe(chapterOf(first));
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect.poll(() => status(page)).toBe('MID_RESULT');
    expect(await page.getByTestId('trs-verdict').textContent()).toBe('Верно! Все признаки найдены.');
    const marks = page.locator('[data-testid="trs-results"] li');
    expect(await marks.count()).toBe(signsOf(first).length);
    expect(await marksOf(page)).toEqual(Object.fromEntries(signsOf(first).map((sign) => [sign.text, '1'])));
    // The explanations come after the answer.
    await page.getByText(signsOf(first)[0]!.description, { exact: true }).waitFor();

    // Continue: a new term; a reload in the middle of it keeps the term and the ticks.
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expect.poll(() => status(page)).toBe('ANSWERING');
    const second = await termName(page);
    expect(second).not.toBe(first);
    const firstSign = signsOf(second)[0]!.text;
    await page.getByRole('checkbox', { name: firstSign, exact: true }).check();
    // Reloaded right after the tick: the draft's write has started by then (lib/drafts).
    await page.reload();
    await expect.poll(() => status(page)).toBe('ANSWERING');
    expect(await termName(page)).toBe(second);
    // The stored tick replaces the empty start once the device store has answered.
    await expect.poll(() => page.getByRole('checkbox', { name: firstSign, exact: true }).isChecked()).toBe(true);

    // Wrong: every box ticked, false signs included. The first send is lost on the way: the
    // error shows, the ticks stay, and checking again goes through.
    await tick(page, 'all');
    await page.route('**/send_priznaki_answer.php', (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText(/^Ошибка: /).waitFor();
    expect(await status(page)).toBe('ANSWERING');
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(signsOf(second).length);
    await page.unroute('**/send_priznaki_answer.php');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect.poll(() => status(page)).toBe('MID_RESULT');
    expect(await page.getByTestId('trs-verdict').textContent()).toBe('Есть ошибки. Посмотрите пояснения.');
    expect(await marksOf(page)).toEqual(Object.fromEntries(signsOf(second).map((sign) => [sign.text, sign.right ? '1' : '0'])));

    // Close: back to the choice with the statistics updated.
    await page.getByRole('button', { name: 'Закрыть тренировку' }).click();
    await page.getByTestId('trs-random').waitFor();
    await expect.poll(() => stat(page, 'answers')).toBe('2');
    expect(await stat(page, 'unique')).toBe('2');
    expect(await stat(page, 'incorrect')).toBe('1');

    // By chapter: Economy only; answered right.
    await page.getByRole('combobox', { name: 'Раздел' }).click();
    expect(await page.getByRole('option', { name: 'Право' }).count()).toBe(0); // law lessons are not open yet
    await page.getByRole('option', { name: 'Экономика' }).click();
    await page.getByTestId('trs-by-chapter').getByRole('button', { name: 'Начать' }).click();
    await expect.poll(() => status(page)).toBe('ANSWERING');
    expect(await page.getByTestId('trs-chapter').textContent()).toBe('Экономика');
    const third = await tick(page, 'right');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect.poll(() => status(page)).toBe('MID_RESULT');
    expect(await page.getByTestId('trs-verdict').textContent()).toBe('Верно! Все признаки найдены.');
    await page.getByRole('button', { name: 'Закрыть тренировку' }).click();
    await expect.poll(() => stat(page, 'answers')).toBe('3');
    expect(await stat(page, 'incorrect')).toBe('1');

    // Chapter mastery (ratings page of the account area) counts the solved terms and their signs.
    await page.goto('/study/ratings');
    const mastery = page.getByTestId('chapter-mastery');
    await mastery.waitFor();
    for (const chapter of new Set([chapterOf(first), chapterOf(third)])) {
      const solved = [first, third].filter((name) => chapterOf(name) === chapter);
      const inChapter = SIGN_TERMS.filter((term) => demoChapterOf(term.lesson) === chapter);
      const item = mastery.locator('li', { hasText: chapter });
      const text = await item.textContent();
      expect(text).toContain(`Термины: ${solved.length} из ${inChapter.length}`);
      const trueSigns = (name: string) => signsOf(name).filter((sign) => sign.right).length;
      expect(text).toContain(`Признаки: ${solved.reduce((sum, name) => sum + trueSigns(name), 0)} из ${inChapter.reduce((sum, term) => sum + trueSigns(term.name), 0)}`);
    }
    expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('screenshots in light and dark at 1280 and 390 px: choice, term and result', async () => {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const theme = dark ? 'dark' : 'light';
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await signInAs(page, 'student', { dark });
        await openTrainer(page);
        await expect.poll(() => stat(page, 'available')).not.toBe(null);
        await shot(page, `train-signs-select-${theme}-${width}`);
        await page.getByTestId('trs-random').getByRole('button', { name: 'Начать' }).click();
        await expect.poll(() => status(page)).toBe('ANSWERING');
        const name = await termName(page);
        await page.getByRole('checkbox', { name: signsOf(name)[0]!.text, exact: true }).check();
        await shot(page, `train-signs-term-${theme}-${width}`);
        await page.getByRole('button', { name: 'Проверить' }).click();
        await expect.poll(() => status(page)).toBe('MID_RESULT');
        await shot(page, `train-signs-result-${theme}-${width}`);
        // No sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.getByRole('button', { name: 'Закрыть тренировку' }).click();
        await page.getByTestId('trs-random').waitFor();
        expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
        await context.close();
      }
    }
  });
});
