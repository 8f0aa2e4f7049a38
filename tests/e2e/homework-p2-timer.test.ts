import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_WEB_DIST, launchBrowser, openPage, screenshot, signInAs } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';

/** Pictures of the timed screen for a person to look at (besides tests/e2e/artifacts). */
const SHOTS = process.env.P2_TIMER_SHOTS ?? '/tmp/shots-p2timer';
const HT_TIMED = 3; // the demo seed gives homework 3 a 90-minute part 2 budget
const MIN = 60_000;

async function openWork(page: Page, htNum: number): Promise<void> {
  await page.goto(`/study/ht_p2?dz_num=${htNum}&dop=0`);
  await page.getByRole('heading', { level: 1, name: `Домашнее задание №${htNum} Часть 2` }).waitFor();
  await page.getByTestId('p2-info').waitFor();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await screenshot(page, name);
}

describe('homework part 2 timer, difficult flag and mistake work in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const db = () => server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_DIST: E2E_WEB_DIST } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [dark, width] of [
    [false, 1280],
    [true, 1280],
    [false, 390],
    [true, 390],
  ] as const) {
    it(`shows the server's time budget as hh:mm:ss while in progress (${dark ? 'dark' : 'light'}, ${width})`, async () => {
      const { page, context, errors } = await openPage(browser, server.url, { width, height: width === 390 ? 844 : 800 });
      await signInAs(page, 'timofey', { dark });
      await openWork(page, HT_TIMED);
      const timer = page.getByTestId('p2-timer');
      expect(await timer.getAttribute('data-kind')).toBe('budget');
      expect(await timer.getAttribute('aria-label')).toBe('Осталось времени на вторую часть');
      // 90 minutes from the first open (the first of these four runs); counted down each second.
      const first = await timer.textContent();
      expect(first).toMatch(/^01:[0-2]\d:\d{2}$|^01:30:00$/);
      await expect.poll(() => timer.textContent(), { timeout: 3000 }).not.toBe(first);
      await page.getByTestId('p2-answer-1').fill('Конкуренция снижает цены: магазины борются за покупателя.');
      await shot(page, `p2-timer-${dark ? 'dark' : 'light'}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('syncs with get_home_task_timer (p2, localTimer) and at zero saves, submits and shows the notice', async () => {
    const { page, context, errors } = await openPage(browser, server.url, { width: 390, height: 844 });
    await signInAs(page, 'student');
    await openWork(page, HT_TIMED);
    expect(await page.getByTestId('p2-timer').getAttribute('data-kind')).toBe('budget');
    // The server's clock says 12 s are left; the client hears it on the next sync (focus or every 2 min).
    const student = await userId('student');
    await db()
      .updateTable('user_homeworks')
      .set({ p2_timer_started_at: Date.now() - 90 * MIN + 12_000 })
      .where('user_id', '=', student)
      .where('ht_num', '=', HT_TIMED)
      .where('is_dop', '=', 0)
      .execute();
    const synced = page.waitForRequest('**/get_home_task_timer.php');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const body = JSON.parse((await synced).postData() ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ htPart: 'p2', htNum: HT_TIMED });
    expect(Number(body.localTimer)).toBeGreaterThan(80 * 60);
    await expect.poll(() => page.getByTestId('p2-timer').textContent()).toMatch(/^00:00:1[0-2]$|^00:00:0\d$/);
    await shot(page, 'p2-timer-low-light-390');
    // Typed but not saved when the time runs out: saved at zero, then the work is submitted
    // (question 2 is mandatory and empty: the time is over, so it goes as it is).
    await page.getByTestId('p2-answer-1').fill('Ответ, набранный в последние секунды');
    await page.getByTestId('p2-time-up').waitFor({ timeout: 20_000 });
    await page.getByTestId('p2-readonly').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('p2-time-up').textContent()).toBe('Время вышло: ответы сохранены и отправлены на проверку.');
    expect(await page.getByTestId('p2-status').textContent()).toBe('Готово');
    expect(await page.getByTestId('p2-timer').count()).toBe(0);
    const saved = await db().selectFrom('homework_answers_p2').select('user_answer').where('user_id', '=', student).where('ht_num', '=', HT_TIMED).where('q_number', '=', 1).executeTakeFirstOrThrow();
    expect(saved.user_answer).toBe('Ответ, набранный в последние секунды');
    await shot(page, 'p2-timer-time-up-light-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without a budget counts down to the deadline as before', async () => {
    const { page, context } = await openPage(browser, server.url, { width: 390, height: 844 });
    await signInAs(page, 'maxim', { dark: true });
    await openWork(page, 2);
    const timer = page.getByTestId('p2-timer');
    expect(await timer.getAttribute('data-kind')).toBe('deadline');
    expect(await timer.textContent()).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
    await shot(page, 'p2-deadline-dark-390');
    await context.close();
  });

  it('after the check: segments in the popup, the difficult switch, then mistake work with the old answer read-only', async () => {
    const student = await userId('student');
    const HT = 2;
    await db()
      .updateTable('homework_answers_p2')
      .set({ teacher_json: JSON.stringify({ '1': { start_pos: 0, finish_pos: 20, color: 'orange', zacherkn: 0, cur_subcomment: 'Уточните пример' } }) })
      .where('user_id', '=', student)
      .where('ht_num', '=', HT)
      .where('q_number', '=', 1)
      .execute();
    const { page, context, errors } = await openPage(browser, server.url);
    await signInAs(page, 'student');
    await openWork(page, HT);
    expect(await page.getByTestId('p2-status').textContent()).toBe('Проверен');
    expect(await page.getByTestId('p2-timer').count()).toBe(0);
    await page.getByTestId('p2-card-1').click();
    const popup = page.getByTestId('p2-popup');
    await popup.waitFor();
    expect(await popup.getByTestId('p2-segment').count()).toBe(1);

    // The difficult flag: saved ('Сохранено' for 2 s), stored; a refusal reverts it with the message.
    const flag = popup.getByTestId('p2-difficult');
    const toggle = flag.getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await flag.getByText('Сохранено').waitFor();
    const qId = (await db().selectFrom('homework_questions_p2').select('question_id').where('ht_num', '=', HT).where('q_number', '=', 1).executeTakeFirstOrThrow()).question_id;
    expect(await db().selectFrom('difficult_questions_p2').select('question_id').where('user_id', '=', student).where('question_id', '=', qId).executeTakeFirst()).toBeDefined();
    await flag.getByText('Сохранено').waitFor({ state: 'detached', timeout: 4000 });
    await page.route('**/app/api/train_p2/set_as_difficult2.php', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: '0', message: 'Нет связи с базой' }) }), { times: 1 });
    await toggle.click();
    await expect.poll(() => flag.getByRole('alert').textContent()).toBe('Ошибка отметки ДЗ, как трудного: Нет связи с базой');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(300);
    await shot(page, 'p2-results-difficult-light-1280');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    // Reopened, the popup shows the saved flag.
    await page.getByTestId('p2-card-1').click();
    expect(await page.getByTestId('p2-popup').getByTestId('p2-difficult').getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    // Mistake work: the checked answer shown read-only, only the appended part editable; no budget.
    await page.getByTestId('p2-mistake-work').click();
    await page.getByTestId('p2-mistake-subtitle').waitFor();
    const old = (await db().selectFrom('homework_answers_p2').select('old_answer').where('user_id', '=', student).where('ht_num', '=', HT).where('q_number', '=', 1).executeTakeFirstOrThrow()).old_answer;
    const question = page.getByTestId('p2-question-1');
    expect(await question.locator('.p2-old__text').textContent()).toBe(old);
    expect(await question.locator('textarea').count()).toBe(1);
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe('');
    expect(await page.getByTestId('p2-answer-1').isEditable()).toBe(true);
    expect(await page.getByTestId('p2-timer').getAttribute('data-kind')).toBe('deadline');
    await page.getByTestId('p2-answer-1').fill('Пример: закон о налогах принят парламентом.');
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toMatch(/^Сохранено /);
    const saved = await db().selectFrom('homework_answers_p2').select('user_answer').where('user_id', '=', student).where('ht_num', '=', HT).where('q_number', '=', 1).executeTakeFirstOrThrow();
    expect(saved.user_answer).toBe(`${old}\n\nПример: закон о налогах принят парламентом.`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
