import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatModelStandIn, type ChatModelStandIn } from '../stand-ins/chat-model';
import { SCREENSHOT_DIR, settledScreenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { linkAccounts } from '../helpers/factories';

const PATH = '/study/trains/trains_p2';
/** Task 20 of lesson 3 is open to the demo students and nobody has been scored on it. */
const TASK = 20;

async function openTraining(page: Page, login: string, dark = false): Promise<void> {
  await signInAs(page, login, { dark });
  await page.goto(PATH);
  await page.getByRole('heading', { level: 1, name: 'Тренировка 2 части' }).waitFor();
}

async function chooseMode(page: Page, label: string): Promise<void> {
  await page.getByText(label, { exact: true }).click();
}

/** 'By exam task number': picks the task and starts. */
async function startByTask(page: Page, task: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Номер задания' }).click();
  await page.getByRole('option', { name: `Задание ${task}` }).click();
  await page.getByTestId('trp2-start-egeNum').click();
}

describe('training part 2 in chromium', () => {
  const db = () => e2e.server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  const e2e = useE2e();
  beforeAll(async () => {
    await db().updateTable('questions_p2').set({ criteria: 'К1: по 1 баллу за каждый верный аргумент, всего 3.', explanation_markdown: 'Аргументы: снижение цен, рост качества, более широкий выбор.' }).where('task_number', '=', TASK).execute();
  });

  it('student A answers in self-check: the answer first, then the criteria and the own score', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openTraining(page, 'student');
    await settledScreenshot(page, 'train-p2-choice-light');
    await chooseMode(page, 'Самопроверка');
    await startByTask(page, TASK);
    const decide = page.getByTestId('trp2-decide');
    await decide.waitFor();
    await expect(decide.getByTestId('trp2-key').count()).resolves.toBe(0);
    await page.getByTestId('trp2-send').click();
    await page.getByTestId('trp2-answer-error').getByText('Вы не ввели ответ').waitFor();
    await page.getByTestId('trp2-answer').fill('Конкуренция снижает цены, повышает качество и расширяет ассортимент.');
    await settledScreenshot(page, 'train-p2-decide-light');
    await page.getByTestId('trp2-send').click();

    const check = page.getByTestId('trp2-selfcheck');
    await check.getByText('К1: по 1 баллу за каждый верный аргумент, всего 3.').waitFor();
    await check.getByText('Аргументы: снижение цен').waitFor();
    await page.getByTestId('trp2-check-send').click();
    await page.getByTestId('trp2-check-error').getByText('Вы не написали комментарий').waitFor();
    await page.getByTestId('trp2-check-comment').fill('Три аргумента, но без примеров');
    await page.getByTestId('trp2-check-send').click();
    await page.getByTestId('trp2-check-error').getByText('Вы не поставили баллы').waitFor();
    await page.getByTestId('trp2-check-score').fill('4');
    // Said next to the field as soon as it is typed; a send changes nothing and sends nothing.
    await page.getByTestId('trp2-score-problem').getByText('Вы поставили больше максимального балла. Максимальный балл: 3').waitFor();
    await page.getByTestId('trp2-check-send').click();
    await page.getByTestId('trp2-score-problem').waitFor();
    expect(await page.getByTestId('trp2-check-error').count()).toBe(0);
    await page.getByTestId('trp2-check-score').fill('2');
    await settledScreenshot(page, 'train-p2-selfcheck-light');
    await page.getByTestId('trp2-check-send').click();
    await page.getByTestId('trp2-sent').getByText('Проверка отправлена').waitFor();
    // 1.5 s later: back to the choice.
    await page.getByTestId('trp2-mode-selfCheck').waitFor();
    const rows = await db().selectFrom('train_p2_answers').selectAll().where('user_id', '=', await userId('student')).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mode: 'selfCheck', status: 'checked', points: 2, check_comment: 'Три аргумента, но без примеров' });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('A answers for classmates, B checks it, and A sees the check under «Проверили меня»', async () => {
    const a = await e2e.openPage();
    await openTraining(a.page, 'student');
    await chooseMode(a.page, 'Проверка одноклассниками');
    await a.page.getByRole('switch', { name: 'Сначала нерешённые' }).waitFor();
    await startByTask(a.page, TASK);
    await a.page.getByText('Ответ уйдёт на проверку другому ученику.', { exact: false }).waitFor();
    await a.page.getByTestId('trp2-answer').fill('1) Цены ниже. 2) Качество выше. 3) Больше выбора.');
    await a.page.getByTestId('trp2-send').click();
    await a.page.getByTestId('trp2-sent').getByText('Ответ отправлен').waitFor();
    await a.page.getByTestId('trp2-mode-selfCheck').waitFor();

    const b = await e2e.openPage();
    await openTraining(b.page, 'egor');
    await chooseMode(b.page, 'Проверка одноклассниками');
    await b.page.getByTestId('trp2-available-checks').getByText('Ждут проверки: 1').waitFor();
    await settledScreenshot(b.page, 'train-p2-choice-classmates-light');
    await b.page.getByTestId('trp2-start-checkAnother').click();
    const another = b.page.getByTestId('trp2-check-another');
    await another.getByTestId('trp2-checked-answer').getByText('1) Цены ниже. 2) Качество выше. 3) Больше выбора.').waitFor();
    // Nothing on the page names the author.
    expect(await another.textContent()).not.toContain('Смирнова');
    await settledScreenshot(b.page, 'train-p2-check-another-light');
    await b.page.getByTestId('trp2-check-comment').fill('Все три аргумента верны');
    // Above the maximum: the message stands next to the field at once, before any send.
    await b.page.getByTestId('trp2-check-score').fill('7');
    const problem = b.page.getByTestId('trp2-score-problem');
    expect(await problem.textContent()).toBe('Вы поставили больше максимального балла. Максимальный балл: 3');
    const field = (await b.page.getByTestId('trp2-check-score').boundingBox())!;
    const message = (await problem.boundingBox())!;
    expect(message.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(message.y - (field.y + field.height)).toBeLessThan(16);
    expect(Math.abs(message.x - field.x)).toBeLessThan(2);
    expect(await b.page.getByTestId('trp2-check-score').getAttribute('aria-invalid')).toBe('true');
    await b.page.getByTestId('trp2-check-send').click();
    expect(await b.page.getByTestId('trp2-check-error').count()).toBe(0);
    await b.page.getByTestId('trp2-check-score').fill('3');
    expect(await problem.count()).toBe(0);
    await b.page.getByTestId('trp2-check-send').click();
    await b.page.getByTestId('trp2-sent').getByText('Проверка отправлена').waitFor();
    await b.page.getByTestId('trp2-table-checkedByMe').click();
    await b.page.getByTestId('trp2-table-row').getByText('Смирнова Алиса').waitFor();

    // People are shown as links (§2): to their VK page once they have a VK id.
    await linkAccounts(e2e.server, 'egor', { vkId: '990000101' });
    await linkAccounts(e2e.server, 'student', { vkId: '990000102' });
    await a.page.getByTestId('trp2-table-checkedByStudents').click();
    const row = a.page.getByTestId('trp2-table-row');
    await row.getByText('Васильев Егор').waitFor();
    expect(await row.getAttribute('data-status')).toBe('checked');
    expect(await row.getByRole('link', { name: 'Васильев Егор' }).getAttribute('href')).toBe('https://vk.com/id990000101');
    await settledScreenshot(a.page, 'train-p2-table-light');
    await row.locator('td').first().click();
    const info = a.page.getByTestId('trp2-check-info');
    expect(await info.getByTestId('trp2-info-student').getAttribute('href')).toBe('https://vk.com/id990000102');
    await info.getByTestId('trp2-info-score').getByText('3 из 3').waitFor();
    expect(await info.getByTestId('trp2-info-score').getAttribute('data-tone')).toBe('full');
    await info.getByTestId('trp2-info-check-text').getByText('Все три аргумента верны').waitFor();
    await settledScreenshot(a.page, 'train-p2-check-info-light');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 120_000);

  it('compare with the curator: a checked homework answer, then both scores and the curator comment', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openTraining(page, 'sofia');
    await chooseMode(page, 'Проверь как куратор');
    await page.getByTestId('trp2-likecur-left').getByText('Проверок на сегодня: 5').waitFor();
    await page.getByTestId('trp2-start-random').click();
    const another = page.getByTestId('trp2-check-another');
    await another.waitFor();
    await page.getByTestId('trp2-check-comment').fill('Не хватает конкретики');
    await page.getByTestId('trp2-check-score').fill('1');
    await page.getByTestId('trp2-check-send').click();
    const result = page.getByTestId('trp2-curator-result');
    await result.waitFor();
    const check = await db().selectFrom('train_p2_curator_checks').selectAll().where('user_id', '=', await userId('sofia')).executeTakeFirstOrThrow();
    const source = await db()
      .selectFrom('homework_answers_p2')
      .selectAll()
      .where('user_id', '=', check.source_user_id)
      .where('ht_num', '=', check.ht_num)
      .where('q_number', '=', check.q_number)
      .executeTakeFirstOrThrow();
    expect(check.source_user_id).not.toBe(await userId('sofia'));
    const max = (await db().selectFrom('questions_p2').select('max_points').where('id', '=', check.question_id).executeTakeFirstOrThrow()).max_points;
    await result.getByTestId('trp2-curator-score').getByText(`${source.points} из ${max}`).waitFor();
    await result.getByTestId('trp2-my-score').getByText(`1 из ${max}`).waitFor();
    await result.getByTestId('trp2-curator-comment').getByText(source.teacher_comment).waitFor();
    await settledScreenshot(page, 'train-p2-curator-result-light');
    await page.getByTestId('trp2-take-again').click();
    await page.getByTestId('trp2-check-another').waitFor();
    // Refusing returns to the choice.
    await page.getByTestId('trp2-refuse').click();
    await page.getByTestId('trp2-likecur-left').getByText('Проверок на сегодня: 4').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('without a model the AI mode is shown disabled and says why; «Начать» is off with nothing to check; Demo sees no classmates or AI mode', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openTraining(page, 'sofia');
    const ai = page.getByTestId('trp2-mode-checkByAI');
    await ai.getByText('Сейчас недоступна: на сервере не подключена языковая модель.').waitFor();
    expect(await ai.locator('input').isDisabled()).toBe(true);
    expect(await ai.getAttribute('class')).toContain('trp2-mode--off');
    await ai.click({ force: true });
    expect(await page.getByTestId('trp2-mode-selfCheck').getAttribute('class')).toContain('trp2-mode--active');
    expect(await ai.getAttribute('class')).not.toContain('trp2-mode--active');
    await settledScreenshot(page, 'train-p2-ai-off-light');

    await chooseMode(page, 'Проверка одноклассниками');
    await page.getByTestId('trp2-available-checks').getByText('Ждут проверки: 0').waitFor();
    expect(await page.getByTestId('trp2-start-checkAnother').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    const demo = await e2e.openPage();
    await openTraining(demo.page, 'demo');
    await demo.page.getByTestId('trp2-mode-selfCheck').waitFor();
    expect(await demo.page.getByTestId('trp2-mode-checkByClassmates').count()).toBe(0);
    expect(await demo.page.getByTestId('trp2-mode-checkByAI').count()).toBe(0);
    expect(demo.errors).toEqual([]);
    await demo.context.close();
  }, 60_000);

  it('looks right in the dark theme and on a 390 px phone', async () => {
    for (const [tag, width, dark] of [
      ['light', 1280, false],
      ['dark', 1280, true],
      ['narrow', 390, false],
      ['narrow-dark', 390, true],
    ] as const) {
      const { page, context, errors } = await e2e.openPage({ width, height: 844 });
      await openTraining(page, 'student', dark);
      await chooseMode(page, 'Проверка одноклассниками');
      await page.getByTestId('trp2-start-checkAnother').waitFor();
      await settledScreenshot(page, `train-p2-choice-${tag}`);
      await page.getByTestId('trp2-table-checkedByStudents').click();
      await page.getByTestId('trp2-table-row').first().waitFor();
      await settledScreenshot(page, `train-p2-table-${tag}`);
      await page.getByTestId('trp2-table-row').first().click();
      await page.getByTestId('trp2-info-score').waitFor();
      await settledScreenshot(page, `train-p2-check-info-${tag}`);
      await page.getByTestId('trp2-info-back').click();
      await page.getByTestId('trp2-table-back').click();
      await chooseMode(page, 'Самопроверка');
      await page.getByTestId('trp2-start-random').click();
      await page.getByTestId('trp2-answer').fill('Развёрнутый ответ ученика на задание.');
      await page.getByTestId('trp2-send').click();
      await page.getByTestId('trp2-key').waitFor();
      await settledScreenshot(page, `train-p2-selfcheck-${tag}`);
      // Issue 30: a score above the maximum says so next to the field.
      await page.getByTestId('trp2-check-score').fill('9');
      await page.getByTestId('trp2-score-problem').waitFor();
      await page.getByTestId('trp2-score-problem').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/train-p2-score-over-max-${tag}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});

describe('training part 2 AI mode in chromium (local model stand-in)', () => {
  let standIn: ChatModelStandIn;

  beforeAll(async () => {
    standIn = await startChatModelStandIn();
    standIn.reply = () => '{"score": 2, "comment": "Два аргумента раскрыты, третий не конкретен."}';
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const e2e = useE2e({ env: () => ({ LLM_URL: standIn.url, LLM_MODEL: 'stand-in-model', LLM_TIMEOUT_MS: '5000' }) });
  beforeAll(async () => {
    await e2e.server.server.services.db.updateTable('questions_p2').set({ criteria: 'К1: по 1 баллу за каждый верный аргумент, всего 3.', explanation_markdown: 'Аргументы: снижение цен, рост качества, более широкий выбор.' }).where('task_number', '=', TASK).execute();
  });

  it('the AI scores the answer against the criteria and the student reads it under «Проверено ИИ»', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openTraining(page, 'student');
    await chooseMode(page, 'Проверка ИИ');
    // Only the task with criteria is offered, and there is no 'Most difficult'.
    expect(await page.getByTestId('trp2-start-mostDifficult').count()).toBe(0);
    await startByTask(page, TASK);
    await page.getByTestId('trp2-answer').fill('Цены ниже; качество выше; что-то ещё.');
    await page.getByTestId('trp2-send').click();
    await page.getByTestId('trp2-sent').waitFor();
    await page.getByTestId('trp2-table-checkedByAI').click();
    const row = page.locator('[data-testid="trp2-table-row"][data-status="checked"]');
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await page.getByTestId('trp2-info-score').getByText('2 из 3').waitFor();
    expect(await page.getByTestId('trp2-info-score').getAttribute('data-tone')).toBe('partial');
    await page.getByTestId('trp2-info-check-text').getByText('Два аргумента раскрыты, третий не конкретен.').waitFor();
    await settledScreenshot(page, 'train-p2-ai-info-light');
    const prompt = standIn.requests.at(-1)!.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('К1: по 1 баллу за каждый верный аргумент, всего 3.');
    expect(prompt).toContain('Цены ниже; качество выше; что-то ещё.');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
