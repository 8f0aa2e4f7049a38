import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInAs, waitForSettled } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { setHomeworkProgress } from '../helpers/factories';

/** Pictures of the timed screen for a person to look at (besides tests/e2e/artifacts). */
const SHOTS = process.env.P2_TIMER_SHOTS ?? '/tmp/shots-p2timer';
const HT_TIMED = 3; // the demo seed gives homework 3 a 90-minute part 2 budget
const MIN = 60_000;

async function openWork(page: Page, htNum: number): Promise<void> {
  await page.goto(`/study/ht_p2?dz_num=${htNum}&dop=0`);
  await page.getByRole('heading', { level: 1, name: `Домашнее задание №${htNum} Часть 2` }).waitFor();
  await page.getByTestId('p2-info').waitFor();
}

/** «Начать» on the start screen of a timed work; the clock starts now. */
async function startWork(page: Page): Promise<void> {
  await page.getByTestId('p2-start').click();
  await page.getByTestId('p2-timer').waitFor();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await screenshot(page, name);
}

describe('homework part 2 timer, difficult flag and mistake work in chromium', () => {
  const db = () => e2e.server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  const e2e = useE2e();

  for (const [dark, width] of [
    [false, 1280],
    [true, 1280],
    [false, 390],
    [true, 390],
  ] as const) {
    it(`says the length first and starts the clock only on «Начать», then shows it as hh:mm:ss (${dark ? 'dark' : 'light'}, ${width})`, async () => {
      // Each run begins with the work never opened.
      const timofey = await userId('timofey');
      await db().deleteFrom('homework_answers_p2').where('user_id', '=', timofey).where('ht_num', '=', HT_TIMED).execute();
      await db().deleteFrom('user_homeworks').where('user_id', '=', timofey).where('ht_num', '=', HT_TIMED).execute();
      const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
      await signInAs(page, 'timofey', { dark });

      // The lesson card tells the length before the first click.
      await page.goto('/study/roadmap/3');
      const note = page.getByTestId('lesson-part-note');
      await note.waitFor();
      expect(await note.textContent()).toBe('90 минут, отсчёт — после «Начать»');
      // Unscored points keep the spec's '. . .' and say what it means, to eyes and to a screen reader.
      const unscored = page.getByTestId('lesson-part-unscored').first();
      expect(await unscored.getAttribute('aria-label')).toBe('Баллы: не оценено');
      expect(await unscored.innerText()).toMatch(/^\. \. \.\s+не оценено$/);
      if (width === 1280) await shot(page, `p2-lesson-card-${dark ? 'dark' : 'light'}-${width}`);

      await openWork(page, HT_TIMED);
      // The start screen: the length, the warning, «Начать»; no clock, no questions, nothing stored.
      const startView = page.getByTestId('p2-start-view');
      await startView.waitFor();
      expect(await page.getByTestId('p2-start-length').textContent()).toBe('На вторую часть даётся 90 минут.');
      expect(await startView.textContent()).toContain('не остановится, даже если закрыть страницу');
      expect(await page.getByTestId('p2-status').textContent()).toBe('Не начато');
      expect(await page.getByTestId('p2-timer').count()).toBe(0);
      expect(await page.locator('textarea[data-testid^="p2-answer-"]').count()).toBe(0);
      const before = await db().selectFrom('user_homeworks').select(['status_p2', 'p2_timer_started_at']).where('user_id', '=', timofey).where('ht_num', '=', HT_TIMED).executeTakeFirst();
      expect(before?.p2_timer_started_at ?? null).toBeNull();
      expect(before?.status_p2 ?? '').toBe('');
      await shot(page, `p2-start-${dark ? 'dark' : 'light'}-${width}`);

      await startWork(page);
      const timer = page.getByTestId('p2-timer');
      expect(await timer.getAttribute('data-kind')).toBe('budget');
      expect(await timer.getAttribute('aria-label')).toBe('Осталось времени на вторую часть');
      // The countdown says what it counts down to, in words beside the digits.
      expect(await page.locator('.ui-timer__label').textContent()).toBe('Осталось времени на вторую часть');
      // 90 minutes from «Начать»; counted down each second.
      const first = await timer.textContent();
      expect(first).toMatch(/^01:2\d:\d{2}$|^01:30:00$/);
      expect((await db().selectFrom('user_homeworks').select('p2_timer_started_at').where('user_id', '=', timofey).where('ht_num', '=', HT_TIMED).executeTakeFirstOrThrow()).p2_timer_started_at).not.toBeNull();
      await expect.poll(() => timer.textContent(), { timeout: 3000 }).not.toBe(first);
      await page.getByTestId('p2-answer-1').fill('Конкуренция снижает цены: магазины борются за покупателя.');
      await shot(page, `p2-timer-${dark ? 'dark' : 'light'}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('syncs with get_home_task_timer (p2, localTimer) and at zero saves, submits and shows the notice', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(page, 'student');
    await openWork(page, HT_TIMED);
    await startWork(page);
    expect(await page.getByTestId('p2-timer').getAttribute('data-kind')).toBe('budget');
    // The server's clock says 12 s are left; the client hears it on the next sync (focus or every 2 min).
    const student = await userId('student');
    await setHomeworkProgress(e2e.server, student, HT_TIMED, { p2: { timerStartedAt: Date.now() - 90 * MIN + 12_000 } });
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
    const { page, context } = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(page, 'maxim', { dark: true });
    await openWork(page, 2);
    const timer = page.getByTestId('p2-timer');
    expect(await timer.getAttribute('data-kind')).toBe('deadline');
    expect(await timer.textContent()).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
    expect(await page.locator('.ui-timer__label').textContent()).toBe('До дедлайна');
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
    const { page, context, errors } = await e2e.openPage();
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
    await waitForSettled(page);
    await shot(page, 'p2-results-difficult-light-1280');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    // Reopened, the popup shows the saved flag.
    await page.getByTestId('p2-card-1').click();
    expect(await page.getByTestId('p2-popup').getByTestId('p2-difficult').getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    // Mistake work asks first and says what will happen; cancelled, nothing changes.
    const earned = await page.getByTestId('p2-points').textContent();
    expect(earned).toMatch(/^\d+ \/ \d+$/);
    await page.getByTestId('p2-mistake-work').click();
    const confirm = page.getByTestId('p2-mistake-confirm');
    await confirm.waitFor();
    const told = (await confirm.textContent()) ?? '';
    expect(told).toContain('Статус ДЗ сменится с «Проверен» на «Выполняется»');
    expect(told).toContain(`Набранные баллы (${earned}) останутся видны до новой проверки.`);
    expect(told).toContain('урок на дороге уроков не будет считаться выполненным');
    await waitForSettled(page); // the popup's fade-in
    await shot(page, 'p2-mistake-confirm-light-1280');
    await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('p2-status').textContent()).toBe('Проверен');
    expect((await db().selectFrom('user_homeworks').select(['status_p2', 'p2_mistake_work']).where('user_id', '=', student).where('ht_num', '=', HT).executeTakeFirstOrThrow())).toEqual({ status_p2: 'Проверен', p2_mistake_work: 0 });

    // Confirmed: the checked answer shown read-only with its score, only the appended part editable; no budget.
    await page.getByTestId('p2-mistake-work').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Начать', exact: true }).click();
    await page.getByTestId('p2-mistake-subtitle').waitFor();
    // The points earned stay in sight, and the countdown says it runs to the deadline.
    expect(await page.getByTestId('p2-points').textContent()).toBe(earned);
    expect(await page.getByTestId('p2-info').textContent()).toContain('Набрано до работы над ошибками');
    expect(await page.getByTestId('p2-old-score-1').textContent()).toMatch(/^\d+ \/ \d+$/);
    expect(await page.locator('.ui-timer__label').textContent()).toBe('До дедлайна');
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
    await shot(page, 'p2-mistake-work-light-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
