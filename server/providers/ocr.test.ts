import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import { createOcrFromConfig, createOcrProvider, OcrUnavailable } from './ocr';
import { ocrTextToMarkdown } from './ocr-markdown';

const work = mkdtempSync(join(tmpdir(), 'enot-ocr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A printed page rendered by Chromium from a known text (tests/fixtures/ocr-page.png). */
const PAGE = readFileSync(new URL('../../tests/fixtures/ocr-page.png', import.meta.url));

function capture() {
  const lines: string[] = [];
  return { lines, log: createLogger('debug', (line) => lines.push(line)) };
}

/** A shell script standing in for tesseract. */
function fakeTesseract(name: string, script: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'tesseract');
  writeFileSync(path, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return path;
}

const defaults = { OCR_LANGUAGES: 'rus', OCR_TIMEOUT_MS: 60_000 } as const;

describe('tesseract from the OS (CI installs tesseract-ocr and tesseract-ocr-rus)', () => {
  const { lines, log } = capture();
  const ocr = createOcrFromConfig({ ...defaults, TESSERACT_PATH: undefined }, log);

  it('is found, runs and has Russian', async () => {
    const status = await ocr.status();
    expect(status.problem).toBeNull();
    expect(status.version).toMatch(/^tesseract \d/);
    expect(ocr.describe()).toContain('(rus)');
    expect(lines.filter((line) => line.includes('WARN'))).toEqual([]);
  });

  it('reads a printed Russian page word for word and the markdown keeps its heading, paragraph and list', async () => {
    const text = await ocr.recognize(PAGE);
    expect(text).toContain('Правовое государство — это государство');
    expect(text).toContain('взаимная ответственность государства и личности');
    const markdown = ocrTextToMarkdown(text);
    expect(markdown).toBe(
      [
        '### ПРАВОВОЕ ГОСУДАРСТВО',
        '',
        'Правовое государство — это государство, в котором обеспечивается верховенство закона и разделение властей.',
        '',
        '1. верховенство закона;',
        '2. разделение властей;',
        '3. взаимная ответственность государства и личности.',
      ].join('\n'),
    );
  }, 60_000);

  it('refuses what is not an image with tesseract’s reason, and keeps working after it', async () => {
    await expect(ocr.recognize(Buffer.from('это не картинка'))).rejects.toThrow(/tesseract завершился с кодом/);
    expect(await ocr.recognize(PAGE)).toContain('разделение властей');
  }, 60_000);
});

describe('when recognition is impossible, it says why once and never pretends', () => {
  it('no tesseract anywhere: a permanent refusal that names the packages to install', async () => {
    const { lines, log } = capture();
    const ocr = createOcrFromConfig({ ...defaults, TESSERACT_PATH: undefined }, log, join(work, 'nothing-here'));
    await expect(ocr.recognize(PAGE)).rejects.toBeInstanceOf(OcrUnavailable);
    await expect(ocr.recognize(PAGE)).rejects.toThrow(/tesseract-ocr-rus/);
    expect(ocr.describe()).toBe('Распознавание текста: tesseract не найден');
    expect(lines.filter((line) => line.includes('tesseract не найден'))).toHaveLength(1);
  });

  it('tesseract without Russian language data: names the missing package', async () => {
    const binary = fakeTesseract('eng-only', 'case "$1" in --version) echo "tesseract 5.3.0";; --list-langs) printf "List of available languages (2):\\neng\\nosd\\n";; *) exit 1;; esac');
    const ocr = createOcrProvider({ binary, languages: 'rus', timeoutMs: 5000, log: capture().log });
    const status = await ocr.status();
    expect(status.version).toBe('tesseract 5.3.0');
    expect(status.problem).toMatch(/нет языковых данных rus.*tesseract-ocr-rus/);
    await expect(ocr.recognize(PAGE)).rejects.toBeInstanceOf(OcrUnavailable);
  });

  it('a configured path that does not start', async () => {
    const ocr = createOcrFromConfig({ ...defaults, TESSERACT_PATH: join(work, 'missing', 'tesseract') }, capture().log);
    expect((await ocr.status()).problem).toMatch(/не запускается: файл не найден/);
  });

  it('a page that hangs is stopped at the timeout and the next page still runs', async () => {
    const binary = fakeTesseract(
      'slow',
      'case "$1" in --version) echo "tesseract 5.3.0";; --list-langs) printf "rus\\n";; *) if [ -f "$0.hang" ]; then rm "$0.hang"; sleep 5; fi; cat >/dev/null; echo "текст";; esac',
    );
    writeFileSync(`${binary}.hang`, '');
    const ocr = createOcrProvider({ binary, languages: 'rus', timeoutMs: 1000, log: capture().log });
    await expect(ocr.recognize(PAGE)).rejects.toThrow('не уложилось в 1 с');
    expect((await ocr.recognize(PAGE)).trim()).toBe('текст');
  });

  it('names the whole time budget of the page when a later piece runs out, not what was left for that piece', async () => {
    // A two-column page is read in pieces: the first takes 0.8 s of the 1.2 s budget, the next hangs.
    const binary = fakeTesseract(
      'second-hangs',
      'case "$1" in --version) echo "tesseract 5.3.0";; --list-langs) printf "rus\\n";; *) cat >/dev/null; n=$(cat "$0.calls" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$0.calls"; if [ $n -eq 1 ]; then sleep 0.8; echo "левая колонка"; else sleep 5; fi;; esac',
    );
    const ocr = createOcrProvider({ binary, languages: 'rus', timeoutMs: 1200, log: capture().log });
    await expect(ocr.recognize(readFileSync(new URL('../../tests/fixtures/ocr/two-columns.png', import.meta.url)))).rejects.toThrow('распознавание страницы не уложилось в 1 с');
  });
});

describe('ocrTextToMarkdown', () => {
  it('joins wrapped lines, rejoins hyphenated words and keeps every word', () => {
    const text = 'Социальная мобиль-\nность — это перемещение\nиндивида в социальном\n\n\fпространстве.\n';
    expect(ocrTextToMarkdown(text)).toBe('Социальная мобильность — это перемещение индивида в социальном\n\nпространстве.');
  });

  it('keeps a hyphen before a capital or a digit (a real dash-joined word)', () => {
    expect(ocrTextToMarkdown('Северо-\nЗапад и 1990-\n2000 годы')).toBe('Северо- Запад и 1990- 2000 годы');
  });

  it('turns lettered and dashed items into a bulleted list', () => {
    expect(ocrTextToMarkdown('Признаки:\nа) суверенитет;\nб) налоги;\n— аппарат управления')).toBe(
      'Признаки:\n\n- а) суверенитет;\n- б) налоги;\n- аппарат управления',
    );
  });

  it('empty or blank input gives an empty string', () => {
    expect(ocrTextToMarkdown('')).toBe('');
    expect(ocrTextToMarkdown(' \n\f\n')).toBe('');
  });
});
