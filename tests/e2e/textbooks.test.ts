import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledScreenshot, signInAs } from '../helpers/browser';
import { wordRecall } from '../helpers/word-recall';
import { useE2e } from '../helpers/e2e';

const FIXTURE = new URL('../fixtures/ocr-page.png', import.meta.url).pathname;

/** The texts of the two pages the test prints, as a textbook would have them. */
const PAGES = [
  [
    'Правовое государство — это государство, в котором обеспечивается верховенство закона и разделение властей.',
    'Признаки правового государства: верховенство закона, разделение властей, взаимная ответственность государства и личности.',
  ],
  [
    'Социальная мобильность — это перемещение индивида или группы в социальном пространстве.',
    'Вертикальная мобильность бывает восходящей и нисходящей, горизонтальная не меняет статуса.',
  ],
];

/** The admin holds the 'Учебники' icon in the demo seed; the curator does not. */
describe('textbooks in chromium', () => {
  let files: string;

  const e2e = useE2e();
  beforeAll(async () => {
    // Two printed pages rendered here from known Russian texts, named by page number as a
    // curator exports them from a scanner; and a file not named by its page.
    files = mkdtempSync(join(tmpdir(), 'enot-e2e-books-'));
    const render = await e2e.browser.newPage({ viewport: { width: 900, height: 700 } });
    for (const [index, text] of PAGES.entries()) {
      await render.setContent(`<body style="margin:48px;font:22px/1.5 'DejaVu Serif',serif;color:#111;background:#fff">${text.map((line) => `<p>${line}</p>`).join('')}</body>`);
      await render.screenshot({ path: join(files, `${index + 1}.png`) });
    }
    await render.close();
    copyFileSync(FIXTURE, join(files, 'обложка.png'));
  });
  afterAll(async () => {
    rmSync(files, { recursive: true, force: true });
  });

  it('creates a book, uploads pages, digitises them by OCR, edits a transcription and finds the page by a topic', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'admin');
    await page.goto('/study/curator/textbooks');
    await page.getByRole('heading', { name: 'Список учебников', level: 1 }).waitFor();
    await page.getByText('Список учебников пуст').waitFor();

    // Create: the §5 checks first, then the dialog turns into the editor with its pages panel.
    await page.getByRole('button', { name: 'Добавить учебник' }).click();
    const create = page.getByRole('dialog', { name: 'Создание учебника' });
    await create.getByRole('button', { name: 'Создать' }).click();
    await create.getByText('Название необходимо заполнить').waitFor();
    await create.getByText('Количество страниц должно быть больше 0').waitFor();
    await create.getByLabel('Название').fill('Право. Конспект');
    await create.getByLabel('Кол-во страниц').fill('3');
    await create.getByRole('button', { name: 'Создать' }).click();
    const editor = page.getByRole('dialog', { name: /^Редактирование учебника №\d+$/ });
    await editor.getByRole('heading', { name: 'Страницы учебника' }).waitFor();
    await editor.getByText('Страница 1 из 3').waitFor();
    await editor.getByText('Изображение отсутствует').waitFor();

    // Several pages: a file not named by its page is refused before sending.
    await editor.getByRole('button', { name: 'Добавить изображение' }).click();
    await page.getByRole('menuitem', { name: 'Несколько страниц' }).click();
    const upload = page.getByRole('dialog', { name: 'Добавление страниц' });
    await upload.locator('input[type=file]').setInputFiles([join(files, '1.png'), join(files, 'обложка.png')]);
    await upload.getByText('Название файла должно быть в формате {страница}.jpg (обложка.png)').waitFor();
    expect(await upload.getByRole('button', { name: 'Загрузить' }).isDisabled()).toBe(true);
    await upload.locator('input[type=file]').setInputFiles([join(files, '1.png'), join(files, '2.png')]);
    await upload.getByRole('button', { name: 'Загрузить' }).click();
    await upload.getByText('Загружены страницы: 1, 2').waitFor();
    await upload.getByText('Закрыть', { exact: true }).click();
    await upload.waitFor({ state: 'detached' });
    const image = editor.getByRole('img', { name: 'Страница 1' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // Digitise pages 1–2 (only empty ones): the durable job runs, progress comes by pushes.
    await editor.getByRole('button', { name: 'Расшифровка', exact: true }).click();
    const digitize = page.getByRole('dialog', { name: 'Расшифровка страниц' });
    await digitize.getByLabel('Страницы с … по …').check();
    await digitize.getByLabel('По', { exact: true }).fill('2');
    await digitize.getByRole('button', { name: 'Запустить' }).click();
    await e2e.server.server.jobs.runDue();
    await digitize.getByText('Расшифровано 2 из 2').waitFor({ timeout: 30_000 });
    await digitize.getByText('Расшифровка завершена').waitFor();
    // At least 90% of the printed words are recognised on each page.
    const texts = await e2e.server.server.services.db.selectFrom('textbook_pages').select(['page', 'page_text']).orderBy('page').execute();
    for (const [index, printed] of PAGES.entries()) {
      expect(wordRecall(printed, texts.find((row) => row.page === index + 1)!.page_text)).toBeGreaterThanOrEqual(0.9);
    }
    await settledScreenshot(page, 'textbooks-digitize-light');
    await digitize.getByText('Закрыть', { exact: true }).click();

    // The text view shows the recognised markdown; an edit is saved after the confirmation.
    await editor.getByRole('button', { name: 'Текст' }).click();
    const text = editor.getByPlaceholder('Расшифровка изображения...');
    await expect.poll(() => text.inputValue(), { timeout: 10_000 }).toContain('Правовое государство — это государство');
    await editor.getByText('распознано автоматически').waitFor();
    await text.fill('Правовое государство: верховенство закона, разделение властей.');
    await editor.getByText('Есть несохранённые изменения').waitFor();
    await editor.getByRole('button', { name: 'Сохранить расшифровку' }).click();
    const confirm = page.getByRole('dialog', { name: 'Изменить расшифровку' });
    await confirm.getByText('Вы уверены, что хотите изменить расшифровку страницы?').waitFor();
    await confirm.getByRole('button', { name: 'Изменить' }).click();
    await page.getByText('Расшифровка сохранена').waitFor();
    const stored = await e2e.server.server.services.db.selectFrom('textbook_pages').select(['page_text', 'text_source']).where('page', '=', 1).executeTakeFirstOrThrow();
    expect(stored).toEqual({ page_text: 'Правовое государство: верховенство закона, разделение властей.', text_source: 'manual' });

    // Paging: next, a jump beyond the book is ignored, a jump within it works.
    await editor.getByRole('button', { name: 'Следующая страница' }).click();
    await editor.getByText('Страница 2 из 3').waitFor();
    await editor.getByLabel('Перейти к странице').fill('9');
    await editor.getByRole('button', { name: 'Перейти', exact: true }).click();
    await editor.getByText('Страница 2 из 3').waitFor();
    await editor.getByLabel('Перейти к странице').fill('3');
    await editor.getByLabel('Перейти к странице').press('Enter');
    await editor.getByText('Страница 3 из 3').waitFor();
    await settledScreenshot(page, 'textbooks-editor-light');
    await editor.getByRole('button', { name: 'Отменить' }).click();

    // The list shows the book's progress; search by word forms opens the book at the page.
    await page.getByText('изображений 2, расшифровано 2').waitFor();
    await page.getByRole('searchbox', { name: 'Поиск по расшифровкам' }).fill('вертикальной мобильности');
    await page.getByRole('searchbox', { name: 'Поиск по расшифровкам' }).press('Enter');
    await page.getByRole('button', { name: /Право\. Конспект — стр\. 2/ }).click();
    await editor.getByText('Страница 2 из 3').waitFor();
    await settledScreenshot(page, 'textbooks-list-search-light');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('looks right in the dark theme and on a phone, and a curator without the icon is refused by the server', async () => {
    for (const [tag, width, dark] of [
      ['dark', 1280, true],
      ['narrow', 390, false],
    ] as const) {
      const { page, context, errors } = await e2e.openPage({ width, height: 844 });
      await signInAs(page, 'admin', { dark });
      await page.goto('/study/curator/textbooks');
      await page.getByRole('button', { name: /Право\. Конспект/ }).click();
      await page.getByRole('dialog', { name: /^Редактирование учебника/ }).getByRole('img', { name: 'Страница 1' }).waitFor();
      await settledScreenshot(page, `textbooks-editor-${tag}`);
      expect(errors).toEqual([]);
      await context.close();
    }

    const { page, context } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto('/study/curator/textbooks');
    await page.getByText('Произошла ошибка : Недостаточно прав для этого действия.').waitFor();
    await page.getByRole('button', { name: 'Попробовать ещё раз' }).waitFor();
    await context.close();
  }, 90_000);
});
