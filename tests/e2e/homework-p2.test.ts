import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInAs, waitForSettled } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { setHomeworkProgress, setHomeworkRules } from '../helpers/factories';

const OTHER_DEVICE = 'Внимание! Данное ДЗ сейчас выполняется на другом устройстве. Сохранение может привести к потере данных. Все равно сохранить?';

async function openWork(page: Page, htNum: number): Promise<void> {
  await page.goto(`/study/ht_p2?dz_num=${htNum}&dop=0`);
  await page.getByRole('heading', { level: 1, name: `Домашнее задание №${htNum} Часть 2` }).waitFor();
  await page.getByTestId('p2-info').waitFor();
}

/** Homework 3 is timed (90 minutes in the demo seed): the first open shows its start screen. */
async function startWork(page: Page): Promise<void> {
  await page.getByTestId('p2-start').click();
  await page.getByTestId('p2-answer-1').waitFor();
}

describe('homework part 2 in chromium', () => {
  const db = () => e2e.server.server.services.db;
  const savedAnswer = async (q: number) =>
    (await db().selectFrom('homework_answers_p2').innerJoin('users', 'users.id', 'homework_answers_p2.user_id').select('user_answer').where('users.login', '=', 'student').where('ht_num', '=', 3).where('q_number', '=', q).executeTakeFirst())?.user_answer;

  const e2e = useE2e();
  beforeAll(async () => {
    // The curator's highlighted fragments on the first checked answer of homework 1.
    const student = await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    await db()
      .updateTable('homework_answers_p2')
      .set({
        teacher_json: JSON.stringify({
          '1': { start_pos: 0, finish_pos: 24, color: 'green', zacherkn: 0, cur_subcomment: 'Верное начало' },
          '2': { start_pos: 30, finish_pos: 60, color: 'red', zacherkn: 1, cur_subcomment: 'Лишнее: это не относится к вопросу' },
          '3': { start_pos: 50, finish_pos: 90, color: 'orange', zacherkn: 0, cur_subcomment: '' },
        }),
      })
      .where('user_id', '=', student.id)
      .where('ht_num', '=', 1)
      .where('q_number', '=', 1)
      .execute();
  });

  it('redirects without a query to the site root', async () => {
    const { page, context } = await e2e.openPage();
    await signInAs(page, 'student');
    await page.goto('/study/ht_p2');
    await page.waitForURL((url) => !url.pathname.includes('ht_p2'));
    await context.close();
  });

  it('answers, keeps them across reloads, asks on another device, refuses empty mandatory answers, submits', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await openWork(page, 3);
    await startWork(page);
    expect(await page.getByTestId('p2-status').textContent()).toBe('Выполняется');
    const answers = page.locator('textarea[data-testid^="p2-answer-"]');
    const count = await answers.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // Seeded questions are all mandatory: '*' on each.
    expect(await page.locator('.p2-q .p2-q__star').count()).toBe(count);

    // An explicit save.
    await page.getByTestId('p2-answer-1').fill('Первый ответ\nс переносом строки');
    expect(await page.getByTestId('p2-save-state').textContent()).toBe('Не сохранено');
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toMatch(/^Сохранено \d{2}:\d{2}:\d{2}$/);
    expect(await savedAnswer(1)).toBe('Первый ответ\nс переносом строки');

    // Empty mandatory answers: the server's refusal in a popup.
    await page.getByTestId('p2-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => page.getByTestId('p2-error').textContent()).toMatch(/^Ответьте на обязательные вопросы: 2/);
    await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).first().click();

    // The server unreachable for saves: the typed text survives a reload as a local draft.
    await page.route('**/save_ht_p2_new.php', (route) => route.abort());
    await page.getByTestId('p2-answer-2').fill('Черновик, который не дошёл до сервера');
    await screenshot(page, 'homework-p2-form-light-1280');
    await page.reload();
    // Polled as one picture of the form, so a failure says what the student saw instead.
    const formAfterReload = async () => ({
      restored: await page.getByTestId('p2-draft-restored').isVisible(),
      answer2: (await page.getByTestId('p2-answer-2').isVisible()) ? await page.getByTestId('p2-answer-2').inputValue() : '(нет поля)',
      text: (await page.locator('main').first().innerText().catch(() => '')).slice(0, 300),
    });
    await expect.poll(formAfterReload, { timeout: 30_000 }).toMatchObject({ restored: true, answer2: 'Черновик, который не дошёл до сервера' });
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe('Первый ответ\nс переносом строки');
    expect(await page.getByTestId('p2-answer-2').inputValue()).toBe('Черновик, который не дошёл до сервера');
    expect(await page.getByTestId('p2-save-state').textContent()).toBe('Не сохранено');
    await page.unroute('**/save_ht_p2_new.php');

    // Another device opens the work: saving here asks first; confirming takes the work over.
    const other = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(other.page, 'student', { dark: true });
    await openWork(other.page, 3);
    await screenshot(other.page, 'homework-p2-form-dark-390');
    await page.getByTestId('p2-save').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(OTHER_DEVICE).waitFor();
    // Cancel drops this save.
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    expect(await savedAnswer(2)).toBe('');
    await page.getByTestId('p2-save').click();
    await page.getByRole('dialog').getByText(OTHER_DEVICE).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toMatch(/^Сохранено /);
    expect(await savedAnswer(2)).toBe('Черновик, который не дошёл до сервера');
    await other.context.close();

    // Every answer given, then submitted: the read-only view.
    for (let q = 3; q <= count; q++) await page.getByTestId(`p2-answer-${q}`).fill(`Ответ на вопрос ${q}`);
    await page.getByTestId('p2-submit').click();
    await page.getByRole('dialog').getByText('Отправить ДЗ на проверку?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('p2-readonly').waitFor();
    expect(await page.getByTestId('p2-status').textContent()).toBe('Готово');
    expect(await page.locator('textarea').count()).toBe(0);
    await screenshot(page, 'homework-p2-readonly-light-1280');
    expect(await savedAnswer(1)).toBe('Первый ответ\nс переносом строки');
    expect(errors.filter((text) => !text.includes('net::ERR_FAILED'))).toEqual([]);
    await context.close();
  });

  for (const [dark, width] of [
    [false, 1280],
    [true, 1280],
    [false, 390],
    [true, 390],
  ] as const) {
    it(`shows the checked homework 1 with its popup (${dark ? 'dark' : 'light'}, ${width})`, async () => {
      const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
      await signInAs(page, 'student', { dark });
      await openWork(page, 1);
      expect(await page.getByTestId('p2-status').textContent()).toBe('Проверен');
      expect(await page.getByTestId('p2-points').textContent()).toMatch(/^5 \/ \d+$/);
      // Card colours follow the rule: full green, zero red, otherwise orange.
      const rows = await db()
        .selectFrom('homework_answers_p2')
        .innerJoin('users', 'users.id', 'homework_answers_p2.user_id')
        .innerJoin('questions_p2', 'questions_p2.id', 'homework_answers_p2.question_id')
        .select(['homework_answers_p2.q_number', 'homework_answers_p2.points', 'questions_p2.max_points'])
        .where('users.login', '=', 'student')
        .where('homework_answers_p2.ht_num', '=', 1)
        .orderBy('homework_answers_p2.q_number')
        .execute();
      const colors = await page.locator('[data-testid^="p2-card-score-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-color')));
      expect(colors).toEqual(rows.map((row) => (row.points === row.max_points ? 'green' : !row.points ? 'red' : 'orange')));
      expect(colors[0]).toBe('green');
      expect(await page.getByTestId('p2-mistake-work').count()).toBe(1);
      await screenshot(page, `homework-p2-results-${dark ? 'dark' : 'light'}-${width}`);

      await page.getByTestId('p2-card-1').click();
      const popup = page.getByTestId('p2-popup');
      await popup.waitFor();
      expect(await popup.getByTestId('p2-teacher-comment').textContent()).toBe('Отличный ответ: все элементы раскрыты.');
      expect(await popup.locator('.p2-seg--struck').count()).toBeGreaterThan(0);
      // The fragment note opens with a tap (a phone has no hover) and closes with another; the
      // pointer is moved away first so hover cannot be what shows it.
      const noted = popup.getByTestId('p2-segment').first();
      const note = noted.locator('.p2-seg__note');
      await page.mouse.move(0, 0);
      expect(await note.isVisible()).toBe(false);
      await noted.dispatchEvent('click');
      expect(await noted.getAttribute('aria-expanded')).toBe('true');
      expect(await note.isVisible()).toBe(true);
      // Let the popup's opening fade finish before the picture.
      await waitForSettled(page);
      await screenshot(page, `homework-p2-popup-${dark ? 'dark' : 'light'}-${width}`);
      await noted.dispatchEvent('click');
      expect(await note.isVisible()).toBe(false);
      // From the keyboard: Enter opens it.
      await noted.focus();
      await page.keyboard.press('Enter');
      expect(await note.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('starts mistake work: the old answer read-only, the new part appended after two line breaks', async () => {
    const { page, context } = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(page, 'student', { dark: true });
    await openWork(page, 2);
    await page.getByTestId('p2-mistake-work').click();
    // Asked first; confirmed, it starts.
    await page.getByTestId('p2-mistake-confirm').waitFor();
    await waitForSettled(page); // the popup's fade-in
    await screenshot(page, 'homework-p2-mistake-confirm-dark-390');
    await page.getByRole('dialog').getByRole('button', { name: 'Начать', exact: true }).click();
    await page.getByTestId('p2-mistake-subtitle').waitFor();
    const old = (await db().selectFrom('homework_answers_p2').innerJoin('users', 'users.id', 'homework_answers_p2.user_id').select('old_answer').where('users.login', '=', 'student').where('ht_num', '=', 2).where('q_number', '=', 1).executeTakeFirstOrThrow()).old_answer;
    expect(old.length).toBeGreaterThan(0);
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe('');
    await page.getByTestId('p2-answer-1').fill('Дополнение');
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toMatch(/^Сохранено /);
    const saved = await db().selectFrom('homework_answers_p2').innerJoin('users', 'users.id', 'homework_answers_p2.user_id').select('user_answer').where('users.login', '=', 'student').where('ht_num', '=', 2).where('q_number', '=', 1).executeTakeFirstOrThrow();
    expect(saved.user_answer).toBe(`${old}\n\nДополнение`);
    await screenshot(page, 'homework-p2-mistake-work-dark-390');
    await context.close();
  });

  it('self-check: refuses scores outside 0..max, saves each task, then shows the checked work', async () => {
    const egor = await db().selectFrom('users').select('id').where('login', '=', 'egor').executeTakeFirstOrThrow();
    await setHomeworkRules(e2e.server, 4, { p2SelfCheck: true });
    await setHomeworkProgress(e2e.server, egor.id, 4, { p2: { status: 'Самопров', points: null } });
    await db().updateTable('homework_answers_p2').set({ is_checked: 0, points: null, teacher_comment: '' }).where('user_id', '=', egor.id).where('ht_num', '=', 4).execute();
    const { page, context } = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(page, 'egor');
    await openWork(page, 4);
    await page.getByTestId('p2-selfcheck').waitFor();
    const tasks = await page.locator('[data-testid^="p2-self-score-"]').count();
    expect(tasks).toBeGreaterThan(0);
    const max = Number(await page.getByTestId('p2-self-score-1').getAttribute('max'));
    await page.getByTestId('p2-self-score-1').fill('-1');
    await page.getByTestId('p2-self-send-1').click();
    expect(await page.getByTestId('p2-self-error-1').textContent()).toBe('Нельзя поставить меньше 0 баллов');
    await page.getByTestId('p2-self-score-1').fill(String(max + 1));
    await page.getByTestId('p2-self-send-1').click();
    expect(await page.getByTestId('p2-self-error-1').textContent()).toBe(`Вы поставили больше максимального балла. Максимальный балл: ${max}`);
    await screenshot(page, 'homework-p2-selfcheck-light-390');
    for (let q = 1; q < tasks; q++) {
      await page.getByTestId(`p2-self-score-${q}`).fill('1');
      await page.getByTestId(`p2-self-comment-${q}`).fill('Не хватило примера');
      await page.getByTestId(`p2-self-send-${q}`).click();
      await page.getByTestId(`p2-self-sent-${q}`).waitFor();
    }
    // The feedback hides after 2.5 s.
    if (tasks > 1) await page.getByTestId(`p2-self-sent-${tasks - 1}`).waitFor({ state: 'detached', timeout: 5000 });
    await page.getByTestId(`p2-self-score-${tasks}`).fill('0');
    await page.getByTestId(`p2-self-send-${tasks}`).click();
    // Every task scored: the server moved the work to 'Проверен' and the results show.
    await expect.poll(() => page.getByTestId('p2-status').textContent(), { timeout: 10_000 }).toBe('Проверен');
    expect(await page.getByTestId(`p2-card-score-${tasks}`).getAttribute('data-color')).toBe('red');
    await context.close();
  });

  it('saves on leaving the screen, and shows a load failure with its prefix and a retry', async () => {
    const { page, context } = await e2e.openPage();
    await signInAs(page, 'maxim');
    await page.route('**/get_ht_p2_camel.php', (route) => route.abort());
    await page.goto('/study/ht_p2?dz_num=1&dop=0');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Ошибка загрузки ДЗ: ');
    await page.unroute('**/get_ht_p2_camel.php');
    await page.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    await page.getByTestId('p2-answer-1').waitFor();
    await page.getByTestId('p2-answer-1').fill('Ответ перед уходом');
    await page.getByTestId('p2-back').click();
    await page.waitForURL((url) => !url.search.includes('dz_num'));
    const row = () =>
      db().selectFrom('homework_answers_p2').innerJoin('users', 'users.id', 'homework_answers_p2.user_id').select('user_answer').where('users.login', '=', 'maxim').where('ht_num', '=', 1).where('q_number', '=', 1).executeTakeFirst();
    await expect.poll(async () => (await row())?.user_answer).toBe('Ответ перед уходом');
    await context.close();
  });
});
