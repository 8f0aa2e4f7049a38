/**
 * OCR accuracy, before and after the page preparation (server/providers/ocr-prepare.ts), on pages
 * rendered from known text (tests/fixtures/ocr): typed pages, a two-column page with a table, and
 * phone photos of both (±3°, noise, JPEG 60). `npm run bench:ocr`; README «Распознавание текста».
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createLogger } from '../../server/log';
import { createOcrFromConfig } from '../../server/providers/ocr';
import { ONE_COLUMN, TWO_COLUMNS } from '../fixtures/ocr/pages';
import { phonePhoto } from '../helpers/phone-photo';
import { wordRecall } from '../helpers/word-recall';

const ocr = createOcrFromConfig({ OCR_LANGUAGES: 'rus', OCR_TIMEOUT_MS: 300_000, TESSERACT_PATH: undefined }, createLogger('error', () => {}));
const page = (name: string) => readFileSync(new URL(`../fixtures/ocr/${name}.png`, import.meta.url));
const oneColumn = [ONE_COLUMN.heading, ...ONE_COLUMN.paragraphs].join(' ');
const twoColumns = [TWO_COLUMNS.heading, ...TWO_COLUMNS.left, ...TWO_COLUMNS.right, TWO_COLUMNS.table.caption, ...TWO_COLUMNS.table.rows.flat()].join(' ');

/** What the server did before: the raw image to `tesseract --psm 3`. */
function rawTesseract(image: Uint8Array): string {
  const ran = spawnSync('tesseract', ['stdin', 'stdout', '-l', 'rus', '--psm', '3'], { input: image, env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
  return ran.stdout.toString('utf8');
}

const cases: Array<[string, () => Promise<Uint8Array>, string]> = [
  ['Печатная страница', async () => page('one-column'), oneColumn],
  ['Фото телефоном, +3°', () => phonePhoto(page('one-column'), 3), oneColumn],
  ['Фото телефоном, −3°', () => phonePhoto(page('one-column'), -3), oneColumn],
  ['Две колонки и таблица', async () => page('two-columns'), twoColumns],
  ['Две колонки, фото +2,5°', () => phonePhoto(page('two-columns'), 2.5), twoColumns],
];

console.log('| Страница | Слов прочитано: как раньше | теперь | Время теперь |');
console.log('|---|---|---|---|');
for (const [name, make, reference] of cases) {
  const image = await make();
  const before = wordRecall([reference], rawTesseract(image));
  const started = performance.now();
  const after = wordRecall([reference], await ocr.recognize(image));
  const seconds = (performance.now() - started) / 1000;
  console.log(`| ${name} | ${before.toFixed(2)} | ${after.toFixed(2)} | ${seconds.toFixed(1)} с |`);
}
