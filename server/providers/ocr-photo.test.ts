import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ONE_COLUMN, TWO_COLUMNS } from '../../tests/fixtures/ocr/pages';
import { phonePhoto } from '../../tests/helpers/phone-photo';
import { wordRecall } from '../../tests/helpers/word-recall';
import { createLogger } from '../log';
import { createOcrFromConfig } from './ocr';
import { preparePage } from './ocr-prepare';

/**
 * Real tesseract (CI installs tesseract-ocr-rus) on pages rendered from known text
 * (tests/fixtures/ocr), clean and as phone photos. README «Распознавание текста» has the table.
 */
const ocr = createOcrFromConfig({ OCR_LANGUAGES: 'rus', OCR_TIMEOUT_MS: 120_000, TESSERACT_PATH: undefined }, createLogger('error', () => {}));
const page = (name: string) => readFileSync(new URL(`../../tests/fixtures/ocr/${name}.png`, import.meta.url));
const oneColumnText = [ONE_COLUMN.heading, ...ONE_COLUMN.paragraphs].join('\n');
/** Words only, one space apart: a dash or a comma tesseract missed does not count. */
const squeeze = (text: string) => (text.toLowerCase().replaceAll('ё', 'е').match(/[а-яa-z0-9]+/g) ?? []).join(' ');
const opening = (sentence: string) => squeeze(sentence).split(' ').slice(0, 5).join(' ');

describe('OCR of phone photos and laid-out pages', () => {
  for (const degrees of [3, -3]) {
    it(`reads a phone photo turned by ${degrees}° (noise, JPEG 60): at least 0.85 of the words`, async () => {
      const photo = await phonePhoto(page('one-column'), degrees);
      const prepared = await preparePage(photo);
      expect(Math.abs(prepared.skew)).toBeCloseTo(Math.abs(degrees), 0);
      expect(wordRecall([oneColumnText], await ocr.recognize(photo))).toBeGreaterThanOrEqual(0.85);
    }, 120_000);
  }

  it('reads two columns one after the other and keeps a ruled table row by row', async () => {
    const text = squeeze(await ocr.recognize(page('two-columns')));
    const [firstLeft, lastLeft, firstRight] = ['Познание — это процесс', 'суждение и умозаключение', 'Истина — это знание'].map((phrase) => text.indexOf(squeeze(phrase)));
    expect(firstLeft).toBeGreaterThanOrEqual(0);
    expect(lastLeft).toBeGreaterThan(firstLeft!);
    expect(firstRight).toBeGreaterThan(lastLeft!);
    // Every sentence of a column comes out whole, not interleaved with the other column.
    for (const sentence of [...TWO_COLUMNS.left, ...TWO_COLUMNS.right]) expect(text).toContain(opening(sentence));
    for (const [kind, range] of TWO_COLUMNS.table.rows) expect(text).toContain(squeeze(`${kind} ${range}`));
  }, 120_000);

  it('keeps the column order on a phone photo of the same page', async () => {
    const text = squeeze(await ocr.recognize(await phonePhoto(page('two-columns'), 2.5)));
    expect(text.indexOf('чувственное')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('рациональное')).toBeGreaterThan(text.indexOf('чувственное'));
    expect(text.indexOf('критерием')).toBeGreaterThan(text.indexOf('рациональное'));
    const reference = [TWO_COLUMNS.heading, ...TWO_COLUMNS.left, ...TWO_COLUMNS.right, TWO_COLUMNS.table.caption, ...TWO_COLUMNS.table.rows.flat()].join(' ');
    // Measured 0.81: the narrow columns of a noisy photo cost more than a full-width page.
    expect(wordRecall([reference], text)).toBeGreaterThanOrEqual(0.75);
  }, 120_000);
});
