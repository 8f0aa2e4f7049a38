import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, settledScreenshot, signInAs } from '../helpers/browser';
import { wordRecall } from '../helpers/word-recall';
import { useE2e } from '../helpers/e2e';

/** The explanation the test prints into a picture, as a methodist would scan it. */
const EXPLANATION = [
  'Пояснение к заданию 20.',
  'Засчитываются аргументы: конкуренция снижает цены, повышает качество товаров и расширяет ассортимент.',
  'Каждый аргумент должен быть сформулирован как распространённое предложение.',
];
const QUESTION = 'Приведите три аргумента, подтверждающих, что конкуренция выгодна потребителю.';
const CRITERIA = '3 балла — приведены три аргумента; 2 балла — два; 1 балл — один; 0 баллов — аргументов нет.';

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function imageLoaded(scope: ReturnType<Page['getByRole']>, name: string) {
  const image = scope.getByRole('img', { name });
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
}

/** The admin holds the 'questionsP2' and 'questionsZachVerbal' buttons in the demo seed. */
describe('part 2 and oral-credit question banks in chromium', () => {
  let files: string;
  let createdId = 0;

  const e2e = useE2e();
  beforeAll(async () => {
    files = mkdtempSync(join(tmpdir(), 'enot-e2e-p2bank-'));
    const render = await e2e.browser.newPage({ viewport: { width: 900, height: 420 } });
    await render.setContent(`<body style="margin:48px;font:22px/1.5 'DejaVu Serif',serif;color:#111;background:#fff">${EXPLANATION.map((line) => `<p>${line}</p>`).join('')}</body>`);
    await render.screenshot({ path: join(files, 'poyasn.png') });
    await render.setContent(`<body style="margin:32px;font:20px sans-serif;background:#fffbe6"><h2>Задание 20</h2><p>Конкуренция и потребитель</p></body>`);
    await render.screenshot({ path: join(files, 'question.png') });
    await render.close();
  });
  afterAll(async () => {
    rmSync(files, { recursive: true, force: true });
  });

  it('creates a part 2 question with images, digitises its explanation, publishes it, and refuses deleting a homework question', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'admin');
    await page.goto('/study/curator/questions/p2');
    await page.getByRole('heading', { name: 'Вопросы 2 части', level: 1 }).waitFor();
    await page.getByText(/^Вопросов: \d+$/).waitFor();

    // Add: the §5 rules first, then the dialog turns into the question's detail.
    await page.getByRole('button', { name: 'Добавить вопрос' }).click();
    const create = page.getByRole('dialog', { name: 'Новый вопрос 2 части' });
    await create.getByText('Картинки можно загрузить сразу после создания вопроса.').waitFor();
    await create.getByRole('button', { name: 'Создать' }).click();
    await create.getByText('Номер задания должен быть положительным числом').waitFor();
    await create.getByText('Название главы обязательно').waitFor();
    await create.getByText('Введите текст вопроса').waitFor();
    await create.getByLabel('Текст вопроса').fill(QUESTION);
    await pick(page, create, 'Номер задания ЕГЭ', '20');
    await expect.poll(() => create.getByRole('combobox', { name: 'Максимальный балл' }).textContent()).toContain('3');
    await pick(page, create, 'Урок', /^3\. /);
    await create.getByLabel('Критерии оценивания').fill(CRITERIA);
    await create.getByRole('button', { name: 'Создать' }).click();
    const editor = page.getByRole('dialog', { name: /^Вопрос №\d+$/ });
    await editor.waitFor();
    createdId = Number(new URL(page.url()).searchParams.get('id'));
    expect(createdId).toBeGreaterThan(0);
    const stored = await e2e.server.server.services.db.selectFrom('questions_p2').selectAll().where('id', '=', createdId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ question: QUESTION, task_number: 20, max_points: 3, lesson_num: 3, criteria: CRITERIA, is_public: 0 });
    expect(stored.chapter).not.toBe('');

    // Pictures: a text file is refused; the question picture and the explanation show at once.
    await editor.locator('input[type=file][aria-label="Картинка вопроса"]').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('не картинка') });
    await editor.getByText('Разрешены только форматы jpeg, jpg, png, webp').waitFor();
    await editor.locator('input[type=file][aria-label="Картинка вопроса"]').setInputFiles(join(files, 'question.png'));
    await imageLoaded(editor, 'Картинка вопроса');
    await editor.getByText('Оцифровка доступна, когда есть картинка с пояснением, а текст пояснения пуст.').waitFor();
    await editor.locator('input[type=file][aria-label="Картинка с пояснением"]').setInputFiles(join(files, 'poyasn.png'));
    await imageLoaded(editor, 'Картинка с пояснением');

    // 'Оцифровать': the durable job reads the picture, the markdown arrives by a push.
    await editor.getByRole('button', { name: 'Оцифровать' }).click();
    await e2e.server.server.jobs.runDue();
    await editor.getByText('Пояснение оцифровано: проверьте текст').waitFor({ timeout: 30_000 });
    const markdown = editor.getByLabel('Пояснение (текст)');
    await expect.poll(() => markdown.inputValue()).toContain('конкуренция');
    const recognised = (await e2e.server.server.services.db.selectFrom('questions_p2').select('explanation_markdown').where('id', '=', createdId).executeTakeFirstOrThrow()).explanation_markdown;
    const recall = wordRecall(EXPLANATION, recognised);
    console.log(`explanation OCR word recall: ${(recall * 100).toFixed(1)}% of ${EXPLANATION.join(' ').split(/\s+/).length} printed words`);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(await editor.getByRole('button', { name: 'Оцифровать' }).count()).toBe(0);

    // Publish with 90+: the training of part 2 now finds it by lesson and chapter.
    await editor.getByRole('switch', { name: 'Опубликован' }).click();
    await editor.getByRole('button', { name: 'Сохранить' }).click();
    await editor.getByText('Сохранено').waitFor();
    const published = await e2e.server.server.services.db.selectFrom('questions_p2').selectAll().where('id', '=', createdId).executeTakeFirstOrThrow();
    expect(published).toMatchObject({ is_public: 1, lesson_num: 3, task_number: 20 });
    const asStudent = await fetch(`${e2e.server.url}/questions2/${createdId}_poyasn.png?r=${Math.random()}`);
    expect(asStudent.status).toBe(200);
    await settledScreenshot(page, 'p2bank-editor-light');

    // Arrows: the previous question of the list opens in the same dialog.
    await editor.getByRole('button', { name: '← Предыдущий' }).click();
    await page.getByRole('dialog', { name: `Вопрос №${createdId - 1}` }).waitFor();
    await page.getByRole('dialog', { name: `Вопрос №${createdId - 1}` }).getByText(/^Используется в домашних заданиях/).waitFor();

    // A question used by a homework cannot be deleted, and the dialog says why.
    const used = page.getByRole('dialog', { name: `Вопрос №${createdId - 1}` });
    await used.getByRole('button', { name: 'Удалить' }).click();
    const confirm = page.getByRole('dialog', { name: `Удалить вопрос №${createdId - 1}?` });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await confirm.getByText(/^Вопрос нельзя удалить: он используется в домашних заданиях № \d+/).waitFor();
    await confirm.getByRole('button', { name: 'Оставить' }).click();
    await used.getByRole('button', { name: 'Закрыть' }).first().click();

    // Jump to a number: only numbers in the list open.
    await page.getByRole('textbox', { name: 'Вопрос №' }).fill('99999');
    await page.getByRole('button', { name: 'Открыть' }).click();
    await page.getByText('Вопроса с таким номером нет в списке').waitFor();
    await page.getByRole('textbox', { name: 'Вопрос №' }).fill(String(createdId));
    await page.getByRole('button', { name: 'Открыть' }).click();
    await page.getByRole('dialog', { name: `Вопрос №${createdId}` }).waitFor();
    await page.getByRole('dialog', { name: `Вопрос №${createdId}` }).getByRole('button', { name: 'Закрыть' }).first().click();

    // Bulk digitising: nothing is waiting now, the server says so.
    await page.getByRole('button', { name: 'Оцифровать пояснения' }).click();
    const many = page.getByRole('dialog', { name: 'Оцифровка пояснений' });
    await many.getByText('Ждут оцифровки: 0 (есть картинка с пояснением, текст пуст)').waitFor();
    await many.getByRole('button', { name: 'Начать' }).click();
    await many.getByText('Нет вопросов с картинкой пояснения и пустым текстом пояснения').waitFor();
    // With the explanation text emptied, the run reads it again; progress comes by pushes.
    await e2e.server.server.services.db.updateTable('questions_p2').set({ explanation_markdown: '' }).where('id', '=', createdId).execute();
    await many.getByRole('button', { name: 'Начать' }).click();
    await e2e.server.server.jobs.runDue();
    await many.getByText('100% — 1 из 1').waitFor({ timeout: 30_000 });
    await many.getByText('Оцифровка пояснений завершена').waitFor();
    expect(wordRecall(EXPLANATION, (await e2e.server.server.services.db.selectFrom('questions_p2').select('explanation_markdown').where('id', '=', createdId).executeTakeFirstOrThrow()).explanation_markdown)).toBeGreaterThanOrEqual(0.9);
    await settledScreenshot(page, 'p2bank-many-light');
    await many.getByRole('button', { name: 'Закрыть' }).first().click();
    await settledScreenshot(page, 'p2bank-list-light');
    // The only failed request is the refused text file (400), which the dialog explained.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  }, 120_000);

  it('a student then gets the published question, with its picture, in training part 2', async () => {
    expect(createdId).toBeGreaterThan(0);
    // The demo bank has its own task 20 of lesson 3: unpublished here, so the pick is the new one.
    await e2e.server.server.services.db.updateTable('questions_p2').set({ is_public: 0 }).where('task_number', '=', 20).where('id', '!=', createdId).execute();
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'student');
    await page.goto('/study/trains/trains_p2');
    await page.getByRole('heading', { level: 1, name: 'Тренировка 2 части' }).waitFor();
    await page.getByText('Самопроверка', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Номер задания' }).click();
    await page.getByRole('option', { name: 'Задание 20' }).click();
    await page.getByTestId('trp2-start-egeNum').click();
    const decide = page.getByTestId('trp2-decide');
    await decide.getByText(QUESTION).waitFor();
    const picture = decide.getByRole('img', { name: 'Изображение к заданию' });
    await expect.poll(() => picture.getAttribute('src')).toMatch(new RegExp(`^/questions2/${createdId}\\.png\\?`));
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    // Self-check shows the digitised explanation beside the student's answer.
    await page.getByTestId('trp2-answer').fill('Конкуренция снижает цены и повышает качество.');
    await page.getByTestId('trp2-send').click();
    await page.getByTestId('trp2-selfcheck').getByText(CRITERIA).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('creates, edits and deletes an oral-credit question through the dialog', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'admin');
    await page.goto('/study/curator/questions/zach_verbal');
    await page.getByRole('heading', { name: 'Вопросы устных зачётов', level: 1 }).waitFor();
    const before = await e2e.server.server.services.db.selectFrom('verbal_questions').select('id').execute();
    await page.getByText(`Вопросов: ${before.length}`).waitFor();

    await page.getByRole('button', { name: 'Добавить вопрос' }).click();
    const create = page.getByRole('dialog', { name: 'Новый вопрос устного зачёта' });
    await create.getByRole('button', { name: 'Создать' }).click();
    await create.getByText('Номер зачёта должен быть положительным числом').waitFor();
    await create.getByText('Номер урока должен быть положительным числом').waitFor();
    await create.getByLabel('Вопрос', { exact: true }).fill('Что такое гражданское общество?');
    await create.getByLabel('Ответ', { exact: true }).fill('Сфера самопроявления свободных граждан и добровольно сформировавшихся ассоциаций.');
    await create.getByLabel('Номер зачёта').fill('3');
    await pick(page, create, 'Урок', /^6\. /);
    await create.getByRole('button', { name: 'Создать' }).click();
    const editor = page.getByRole('dialog', { name: /^Вопрос №\d+$/ });
    await editor.waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    expect(await e2e.server.server.services.db.selectFrom('verbal_questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      question: 'Что такое гражданское общество?',
      zachet_num: 3,
      lesson_num: 6,
      is_public: 1,
    });

    await editor.getByLabel('Ответ', { exact: true }).fill('Сфера добровольных объединений граждан, независимая от государства.');
    await editor.getByRole('switch', { name: 'Вопрос 90+' }).click();
    await editor.getByRole('button', { name: 'Сохранить' }).click();
    await editor.getByText('Сохранено').waitFor();
    expect(await e2e.server.server.services.db.selectFrom('verbal_questions').select(['answer', 'plus90']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      answer: 'Сфера добровольных объединений граждан, независимая от государства.',
      plus90: 1,
    });
    await settledScreenshot(page, 'zach-editor-light');

    await editor.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: `Удалить вопрос №${id}?` }).getByRole('button', { name: 'Удалить' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByText(`Вопросов: ${before.length}`).waitFor();
    expect(await e2e.server.server.services.db.selectFrom('verbal_questions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    await settledScreenshot(page, 'zach-list-light');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('looks right in the dark theme and on a phone; ?id= opens the dialog; a curator is refused', async () => {
    for (const [tag, width, dark] of [
      ['dark', 1280, true],
      ['narrow', 390, false],
    ] as const) {
      const { page, context, errors } = await e2e.openPage({ width, height: 844 });
      await signInAs(page, 'admin', { dark });
      await page.goto(`/study/curator/questions/p2?id=${createdId}`);
      const editor = page.getByRole('dialog', { name: `Вопрос №${createdId}` });
      await imageLoaded(editor, 'Картинка с пояснением');
      await settledScreenshot(page, `p2bank-editor-${tag}`);
      // What the phone shows without scrolling: the dialog's top and its buttons.
      await page.screenshot({ path: join(SCREENSHOT_DIR, `p2bank-editor-${tag}-viewport.png`) });
      await editor.getByRole('button', { name: 'Закрыть' }).first().click();
      await settledScreenshot(page, `p2bank-list-${tag}`);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `p2bank-list-${tag}-viewport.png`) });
      await page.goto('/study/curator/questions/zach_verbal?id=1');
      await page.getByRole('dialog', { name: 'Вопрос №1' }).getByLabel('Ответ', { exact: true }).waitFor();
      await settledScreenshot(page, `zach-editor-${tag}`);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `zach-editor-${tag}-viewport.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }

    const { page, context } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto('/study/curator/questions/p2');
    await page.getByText('Произошла ошибка : Недостаточно прав для этого действия.').waitFor();
    await context.close();
  }, 90_000);
});

describe('part 2 bank in chromium on a server without tesseract', () => {
  const e2e = useE2e({ env: { TESSERACT_PATH: '/nonexistent/tesseract' } });

  it('says in one line why explanations cannot be digitised, and fakes no text', async () => {
    const api = await e2e.server.signIn('admin');
    const questionId = (await e2e.server.server.services.db.selectFrom('questions_p2').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await e2e.server.server.services.db.updateTable('questions_p2').set({ explanation_markdown: '' }).where('id', '=', questionId).execute();
    const picture = new URL('../fixtures/ocr-page.png', import.meta.url).pathname;
    expect((await api.upload('/go/questions2/upload_poyasn_image', { questionId }, readFileSync(picture), 'p.png')).body.success).toBe('1');

    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'admin');
    await page.goto(`/study/curator/questions/p2?id=${questionId}`);
    const editor = page.getByRole('dialog', { name: `Вопрос №${questionId}` });
    await imageLoaded(editor, 'Картинка с пояснением');
    const line = /^Распознавание текста недоступно: tesseract \(\/nonexistent\/tesseract\) не запускается/;
    await editor.getByText(line).waitFor();
    expect(await editor.getByRole('button', { name: 'Оцифровать' }).isDisabled()).toBe(true);
    expect(await editor.getByLabel('Пояснение (текст)').inputValue()).toBe('');
    await settledScreenshot(page, 'p2bank-no-ocr-light');
    await editor.getByRole('button', { name: 'Закрыть' }).first().click();
    // The page's own notice stays; the editor's copy of the line goes with the dialog.
    await editor.waitFor({ state: 'detached' });
    await page.getByText('Оцифровка недоступна').waitFor();
    expect(await page.getByText(line).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
