import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { screenshot, SCREENSHOT_DIR, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** Homework 6: lesson 6 is open for `student`, who has not started it. */
const HT = 6;
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const NEW_TEXT = 'Выберите верные суждения о власти (исправлено в банке вопросов).';

/** A dialog is fixed over the page: the viewport is what a person sees. */
async function viewportShot(page: Page, name: string): Promise<void> {
  // The dialog fades in: wait until nothing animates.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const dialogTitle = (page: Page, id: number) => page.getByRole('heading', { level: 2, name: `Редактирование вопроса №${id}` });

describe('part 1 question bank in chromium', () => {
  let questionId: number;
  const db = () => e2e.server.server.services.db;

  const e2e = useE2e();
  beforeAll(async () => {
    questionId = (await db().selectFrom('homework_questions_p1').select('question_id').where('ht_num', '=', HT).where('is_dop', '=', 0).where('q_number', '=', 1).executeTakeFirstOrThrow()).question_id;
  });

  it('edits a question text and right answer; the student sees the change in homework part 1', async () => {
    const stored = await db().selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    expect(stored.question_type).toBe('VARIANTS');
    const before = (JSON.parse(stored.q_json) as { rightAnswers: string[] }).rightAnswers[0]!;
    const options = (JSON.parse(stored.q_json) as { questionAnsColumn1: string[] }).questionAnsColumn1.length;
    // Toggle the first option number whose choice changes the answer without emptying it.
    const toggled = [...Array(options).keys()].map((i) => i + 1).find((n) => !before.includes(String(n)))!;
    const after = [...before, String(toggled)].sort().join('');

    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'admin');
    // The parent route goes to the remembered (default: first allowed) child.
    await page.goto('/study/curator/questions');
    await page.waitForURL(/\/study\/curator\/questions\/p1$/);
    await page.getByRole('heading', { level: 1, name: 'Вопросы 1 части' }).waitFor();
    await expect.poll(() => page.locator('.qbank__row').count()).toBe(20);
    const bankSize = Number((await db().selectFrom('questions_p1').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await page.getByText('Страница 1 из').textContent()).toBe(`Страница 1 из ${Math.ceil(bankSize / 20)}`);
    await page.getByRole('button', { name: 'Следующая страница' }).click();
    await page.getByText('Страница 2 из').waitFor();

    // Jump to the question by number: the dialog opens and the address carries ?id=.
    await page.getByLabel('Вопрос №', { exact: true }).fill(String(questionId));
    await page.getByRole('button', { name: 'Открыть', exact: true }).click();
    await dialogTitle(page, questionId).waitFor();
    expect(page.url()).toMatch(new RegExp(`/curator/questions/p1\\?id=${questionId}$`));

    // A rule broken on purpose shows its text next to the field and nothing is saved.
    const text = page.getByLabel('Текст вопроса', { exact: true });
    await text.fill('   ');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Введите текст вопроса').waitFor();
    await page.getByText('Исправьте ошибки в полях, отмеченных красным.').waitFor();

    await text.fill(NEW_TEXT);
    // The 90+ marker flips with its switch and is saved with the rest.
    const wasHard = (await db().selectFrom('questions_p1').select('is_90plus').where('id', '=', questionId).executeTakeFirstOrThrow()).is_90plus;
    const hardSwitch = page.getByRole('switch', { name: '90+', exact: true });
    expect(await hardSwitch.getAttribute('aria-checked')).toBe(wasHard === 1 ? 'true' : 'false');
    await hardSwitch.click();
    await hardSwitch.scrollIntoViewIfNeeded();
    await viewportShot(page, 'questions-p1-90plus-switch-light-1280');
    await page.getByRole('checkbox', { name: new RegExp(`^${toggled}\\. `) }).check();
    await page.getByText(`Записывается как: ${after}`).waitFor();
    // The live preview follows the form.
    await page.locator('.qedit__preview').getByText(NEW_TEXT).waitFor();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Изменения сохранены').waitFor();
    const saved = await db().selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    expect(JSON.parse(saved.q_json)).toMatchObject({ questionText: NEW_TEXT, rightAnswers: [after] });
    expect(saved.is_90plus).toBe(wasHard === 1 ? 0 : 1);
    await viewportShot(page, 'questions-p1-saved-light-1280');

    // An image: a gif is refused before sending; a png is stored at once, shown, then removed.
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Разрешены только форматы jpeg, jpg, png').waitFor();
    await file.setInputFiles({ name: 'scheme.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const picture = page.getByRole('img', { name: 'Картинка вопроса' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect((await db().selectFrom('questions_p1').select('image_path').where('id', '=', questionId).executeTakeFirstOrThrow()).image_path).toMatch(/^\/app\/images\/questions\/\d+-[0-9a-f]{12}\.png$/);
    await page.getByRole('button', { name: 'Удалить картинку' }).click();
    await page.getByText('Картинки нет').waitFor();
    expect((await db().selectFrom('questions_p1').select('image_path').where('id', '=', questionId).executeTakeFirstOrThrow()).image_path).toBe('');

    // Unsaved changes ask before closing.
    await page.getByLabel('Общее пояснение').fill('Черновик, который не сохранится');
    await page.getByRole('button', { name: 'Отменить', exact: true }).click();
    await page.getByRole('heading', { name: 'Закрыть без сохранения?' }).waitFor();
    await page.getByRole('button', { name: 'Продолжить редактирование' }).click();
    await dialogTitle(page, questionId).waitFor();
    await page.getByRole('button', { name: 'Отменить', exact: true }).click();
    await page.getByRole('button', { name: 'Закрыть без сохранения' }).click();
    await page.waitForURL(/\/curator\/questions\/p1$/);
    // The URL changes a render before the dialog unmounts: wait for it to go.
    await dialogTitle(page, questionId).waitFor({ state: 'detached' });

    // The list shows the new text.
    await page.getByLabel('Вопрос №', { exact: true }).fill(String(questionId));
    await page.getByRole('button', { name: 'Открыть', exact: true }).click();
    await expect.poll(() => page.getByLabel('Текст вопроса', { exact: true }).inputValue()).toBe(NEW_TEXT);
    // The dialog's arrows walk the list.
    await page.getByRole('button', { name: 'Следующий ›' }).click();
    await dialogTitle(page, questionId + 1).waitFor();
    expect(page.url()).toMatch(new RegExp(`\\?id=${questionId + 1}$`));
    await page.getByRole('button', { name: '‹ Предыдущий' }).click();
    await dialogTitle(page, questionId).waitFor();
    expect(errors).toEqual([]);

    // The student's next opening of homework part 1 draws the edited question.
    const student = await e2e.openPage();
    await signInAs(student.page, 'student');
    await student.page.goto(`/study/ht_p1/${HT}/0`);
    await student.page.getByRole('heading', { level: 2, name: 'Вопрос 1' }).waitFor();
    await student.page.getByText(NEW_TEXT).waitFor();
    await student.context.close();
  });

  it('creates a question on its first save only: «Отменить» stores nothing; a deep link opens the dialog', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    const count = async () => Number((await db().selectFrom('questions_p1').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await page.goto('/study/curator/questions/p1');
    await page.getByRole('button', { name: 'Создать вопрос' }).click();
    await page.waitForURL(/\/curator\/questions\/p1\?id=new$/);
    await page.getByRole('dialog', { name: 'Новый вопрос' }).waitFor();
    expect(await page.getByLabel('Текст вопроса', { exact: true }).inputValue()).toBe('');
    await page.getByText('Пока вы не нажали «Сохранить», вопрос не создан.').waitFor();
    // Issue 26 item 6: «Создать вопрос» then «Отменить» used to leave an empty draft (79 → 80).
    await page.getByRole('button', { name: 'Отменить', exact: true }).click();
    await page.waitForURL(/\/curator\/questions\/p1$/);
    expect(await count()).toBe(before);

    // A first «Сохранить» the rules refuse stores nothing either; leaving asks first.
    await page.getByRole('button', { name: 'Создать вопрос' }).click();
    await page.getByLabel('Текст вопроса', { exact: true }).fill('Какое понятие обозначает форму правления?');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Исправьте ошибки в полях, отмеченных красным.').waitFor();
    await page.getByRole('button', { name: 'Отменить', exact: true }).click();
    await page.getByRole('button', { name: 'Закрыть без сохранения' }).click();
    await page.waitForURL(/\/curator\/questions\/p1$/);
    expect(await count()).toBe(before);
    expect(errors).toEqual([]);
    // The remembered curator link brings the open question back.
    await page.goto(`/study/curator/questions/p1?id=${questionId}`);
    await dialogTitle(page, questionId).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('enot.navLinks') ?? JSON.stringify(localStorage))).toContain(`questions/p1?id=${questionId}`);
    await context.close();
  });

  it('looks right in both themes at 1280 and 390 px', async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await signInAs(page, 'admin', { dark });
        await page.goto('/study/curator/questions/p1');
        // A deep link first loads the back-office route list (app/router.ts), then the page: more than the poll's 1 s default.
        await expect.poll(() => page.locator('.qbank__row').count(), { timeout: 10_000 }).toBe(20);
        const name = `questions-p1-${dark ? 'dark' : 'light'}-${width}`;
        await screenshot(page, `${name}-list`);
        await page.goto(`/study/curator/questions/p1?id=${questionId}`);
        await dialogTitle(page, questionId).waitFor();
        await viewportShot(page, `${name}-dialog`);
        await page.locator('.qedit__group', { hasText: 'Верный ответ' }).scrollIntoViewIfNeeded();
        await viewportShot(page, `${name}-dialog-answer`);
        // A match question shows its per-row answer editor.
        const match = await db().selectFrom('questions_p1').select('id').where('question_type', '=', 'MATCH').orderBy('id').executeTakeFirstOrThrow();
        await page.goto(`/study/curator/questions/p1?id=${match.id}`);
        await dialogTitle(page, match.id).waitFor();
        await page.getByRole('combobox', { name: 'Строка А' }).waitFor();
        await page.getByRole('combobox', { name: 'Строка А' }).scrollIntoViewIfNeeded();
        await viewportShot(page, `${name}-match`);
        // A new question: a blank dialog, nothing stored until «Сохранить».
        await page.goto('/study/curator/questions/p1?id=new');
        await page.getByRole('dialog', { name: 'Новый вопрос' }).waitFor();
        await viewportShot(page, `${name}-new`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
