import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/**
 * The ЕГЭ forecast in the cabinet: the demo student, whose seeded work the learning
 * model has read, sees her interval next to her goal and the three elements that raise it most;
 * a student with no scored answers sees «мало данных» and how many answers it takes.
 */
describe('exam forecast in the cabinet', () => {
  const e2e = useE2e();

  async function openCabinet(login: string, options: { width?: number; dark?: boolean }) {
    const opened = await e2e.signedIn(login, options);
    await opened.page.goto('/study/lk');
    await opened.page.getByRole('heading', { name: 'Личный кабинет', level: 1 }).waitFor();
    // A bot invitation may ask first; it is not what this test looks at.
    const later = opened.page.getByRole('dialog').getByRole('button', { name: 'Позже' });
    if (await later.isVisible()) await later.click();
    return opened;
  }

  for (const view of [
    { width: 1280, dark: false },
    { width: 390, dark: true },
  ]) {
    it(`shows the demo student's forecast, goal and the elements to raise it (${view.dark ? 'dark' : 'light'}, ${view.width})`, async () => {
      const { page, context, errors } = await openCabinet('student', view);
      const score = page.getByTestId('forecast-score');
      await score.waitFor();
      const text = (await score.textContent()) ?? '';
      const match = /^Прогноз: (\d+)–(\d+) из 100(, цель \d+)?$/.exec(text);
      expect(match, text).not.toBeNull();
      expect(Number(match![1])).toBeLessThanOrEqual(Number(match![2]));
      expect(Number(match![2])).toBeLessThanOrEqual(100);
      const raise = page.getByTestId('forecast-raise').locator('li');
      expect(await raise.count()).toBe(3);
      expect(await raise.first().textContent()).toMatch(/^\d+\.\d+ .+ \(до \+[\d,]+ перв\. б\.\)$/);
      await page.getByTestId('exam-forecast').scrollIntoViewIfNeeded();
      await screenshot(page, `exam-forecast-${view.dark ? 'dark' : 'light'}-${view.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('says «мало данных» to a student with no scored answers, and how many it takes', async () => {
    const db = e2e.server.server.services.db;
    const user = await db.selectFrom('users').select('id').where('login', '=', 'package').executeTakeFirstOrThrow();
    await db.deleteFrom('learning_mastery').where('user_id', '=', user.id).execute();
    const { page, context } = await openCabinet('package', { width: 390, dark: false });
    const score = page.getByTestId('forecast-score');
    await score.waitFor();
    expect(await score.textContent()).toMatch(/^Прогноз: мало данных/);
    expect(await page.getByTestId('exam-forecast').textContent()).toMatch(/Прогноз появится после \d+ ответов .* \(сейчас 0\)\./);
    await screenshot(page, 'exam-forecast-low-data-light-390');
    await context.close();
  });
});
