
import { describe, expect, it } from 'vitest';
import { screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(512)]);

/** Issue #19: the file library, the curator statistic and the school statistics with its chart. */
describe('files and statistics in chromium', () => {
  const e2e = useE2e();

  it('uploads a PDF with a description, refuses an executable renamed .pdf, downloads and deletes', async () => {
    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto('/study/curator/files');
    await page.getByRole('heading', { level: 1, name: 'Файлы' }).waitFor();
    await page.getByText('Файлов нет').waitFor();
    const upload = page.getByRole('button', { name: 'Загрузить' });
    expect(await upload.isDisabled()).toBe(true);
    await page.getByLabel('Файл', { exact: true }).setInputFiles({ name: 'методичка.pdf', mimeType: 'application/pdf', buffer: EXE });
    await page.getByLabel('Описание').fill('Методичка по праву');
    await upload.click();
    await page.getByText('Такой тип файла не принимается', { exact: false }).waitFor();

    await page.getByLabel('Файл', { exact: true }).setInputFiles({ name: 'Кодификатор 2027.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByLabel('Описание').fill('Кодификатор ЕГЭ 2027');
    await upload.click();
    await page.getByText('Файл загружен').waitFor();
    const table = page.getByTestId('files-table');
    await table.getByText('Кодификатор ЕГЭ 2027').waitFor();
    await screenshot(page, 'files-light-1280');

    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: 'Кодификатор 2027.pdf', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('Кодификатор 2027.pdf');

    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, 'files-cards-light-390');
    await table.getByRole('button', { name: 'Удалить: Кодификатор 2027.pdf' }).click();
    await page.getByRole('dialog', { name: 'Вы уверены, что хотите удалить файл?' }).getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Файлов нет').waitFor();
    // The refused executable is the one 400 the browser reports.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it('ranks a curator’s students and opens the chapters popup', async () => {
    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto('/study/curator/statistic');
    await page.getByRole('heading', { level: 1, name: 'Статистика кураторов' }).waitFor();
    const ranked = page.getByTestId('ranked-students');
    await ranked.waitFor();
    expect(await ranked.locator('li').count()).toBeGreaterThan(5);
    // Each student is coloured against what was due by now, and says it in words.
    expect(await ranked.locator('li .ui-pace-badge').count()).toBe(await ranked.locator('li').count());
    await ranked.locator('li').first().getByRole('button').click();
    await page.getByTestId('chapters-popup').waitFor();
    await screenshot(page, 'curator-statistic-light-1280');
    expect(errors).toEqual([]);
  });

  it('shows the school figures and the retention chart from September', async () => {
    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'admin');
    await page.goto('/study/curator/school_statistics');
    await page.getByRole('heading', { level: 1, name: 'Статистика школы' }).waitFor();
    await page.getByTestId('school-figures').waitFor();
    const chart = page.getByTestId('retention-chart');
    await chart.locator('canvas').waitFor();
    const box = await chart.boundingBox();
    expect(box!.height).toBeGreaterThan(200);
    await screenshot(page, 'school-statistics-light-1280');
    await page.evaluate(() => localStorage.setItem('dark_theme', '1'));
    await page.reload();
    await page.getByTestId('retention-chart').locator('canvas').waitFor();
    await screenshot(page, 'school-statistics-dark-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, 'school-statistics-dark-390');
    expect(errors).toEqual([]);
  });
});
