import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { makeHomework } from '../helpers/factories';

/**
 * "Data is never lost" for what a student types: a draft-backed field keeps every
 * character through a reload or a tab close right after the last key, with no wait for the
 * device store. Runs on a real on-disk Chromium profile, so IndexedDB commits as it would for a
 * student (an incognito context keeps IndexedDB in memory).
 */

const HT = 6;
const LETTERS = 'абвгдежзиклмнопрстуфхцчшщэюя';

/** A word no try has typed before, so a draft left by an earlier try cannot pass for this one. */
function freshWord(index: number): string {
  let word = '';
  for (let position = 0; position < 10; position += 1) {
    // The first three letters spell the index; the rest vary with it.
    const digit = position < 3 ? Math.floor(index / LETTERS.length ** position) : index * 7 + position * 5;
    word += LETTERS[digit % LETTERS.length];
  }
  return word;
}

/** Characters missing at the end of what the field shows (what was typed after the last kept key). */
function lostTail(typed: string, shown: string): number {
  let kept = 0;
  while (kept < typed.length && typed[kept] === shown[kept]) kept += 1;
  return typed.length - kept;
}

describe('drafts survive an immediate reload or close', () => {
  const e2e = useE2e();
  let profile: string;
  let context: BrowserContext;

  beforeAll(async () => {
    await makeHomework(e2e.server, {
      num: HT,
      part1: [
        { questionType: 'WORD', questionText: 'Запишите слово, пропущенное в схеме.', rightAnswers: ['стратификация'], qEgeNum: 2, qLessonNum: HT, qChapter: 'Социальные отношения', isPublished: '1' },
        { questionType: 'WORD', questionText: 'Запишите второе слово.', rightAnswers: ['мобильность'], qEgeNum: 2, qLessonNum: HT, qChapter: 'Социальные отношения', isPublished: '1' },
      ],
      rules: { p1TimeLimitMin: null, deadlineAt: null },
    });
    profile = mkdtempSync(join(tmpdir(), 'enot-drafts-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
      baseURL: e2e.server.url,
      viewport: { width: 1280, height: 800 },
      locale: 'ru-RU',
      serviceWorkers: 'block',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await signInThroughForm(page, 'student');
    await page.waitForURL(/\/study\/(today|roadmap|lk)$/);
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  const field = (page: Page) => page.getByTestId('answer-word');

  /** Opens the part on its first question, once the stored draft (if any) is shown. */
  async function openQuestion(page: Page, expected: string | null): Promise<void> {
    await page.goto(`/study/ht_p1/${HT}/0`);
    const start = page.getByTestId('ht-start');
    await start.or(field(page)).first().waitFor();
    if (await start.isVisible()) await start.click();
    await field(page).waitFor();
    if (expected !== null) await expect.poll(() => field(page).inputValue(), { timeout: 5000 }).toBe(expected);
  }

  /** Types a fresh word, waits `pause` ms, then leaves the page as `how` says; what the reopened field shows. */
  async function typeAndLeave(page: Page, word: string, pause: number, how: 'reload' | 'close'): Promise<{ page: Page; shown: string }> {
    await field(page).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(word);
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    let next = page;
    if (how === 'reload') await page.reload();
    else {
      await page.close();
      next = await context.newPage();
    }
    await openQuestion(next, null);
    // The stored draft replaces the server's empty answer once read; give it time to arrive.
    await expect.poll(() => field(next).inputValue(), { timeout: 1500 }).toBe(word).catch(() => undefined);
    return { page: next, shown: await field(next).inputValue() };
  }

  it('keeps every typed character through a reload or a tab close right after the last key', async () => {
    let page = context.pages()[0]!;
    await openQuestion(page, null);
    const losses: string[] = [];
    const tries = Number(process.env.DRAFT_RELOAD_TRIES) || 6;
    for (let attempt = 0; attempt < tries; attempt += 1) {
      for (const how of ['reload', 'close'] as const) {
        const word = freshWord(attempt * 2 + (how === 'close' ? 1 : 0));
        const result = await typeAndLeave(page, word, 0, how);
        page = result.page;
        if (result.shown !== word) losses.push(`${how} #${attempt}: typed «${word}», shown «${result.shown}»`);
      }
    }
    expect(losses).toEqual([]);
  }, 300_000);

  it('keeps the AI chat question being typed through a reload inside its 250 ms pause', async () => {
    let page = context.pages()[0]!;
    const openChat = async () => {
      await page.goto('/study/roadmap');
      await page.getByRole('button', { name: 'Задать вопрос' }).click();
      await page.getByTestId('assistant-panel').waitFor();
    };
    const losses: string[] = [];
    await openChat();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // The panel shows the previous try's draft (checked below): cleared before this try types.
      const question = `вопрос ${freshWord(500 + attempt)}`;
      await page.getByTestId('assistant-input').fill('');
      await page.getByTestId('assistant-input').click();
      await page.keyboard.type(question);
      // Left at once, well inside the 250 ms pause after which the draft is saved by itself.
      if (attempt % 2 === 0) await page.reload();
      else {
        await page.close();
        page = await context.newPage();
      }
      await openChat();
      await expect.poll(() => page.getByTestId('assistant-input').inputValue(), { timeout: 3000 }).toBe(question).catch(() => undefined);
      const shown = await page.getByTestId('assistant-input').inputValue();
      if (shown !== question) losses.push(`#${attempt}: typed «${question}», shown «${shown}»`);
    }
    expect(losses).toEqual([]);
  }, 120_000);

  // Measurement (DRAFT_RELOAD_MEASURE=1): characters lost per reload after 0/5/20/50 ms.
  it.runIf(process.env.DRAFT_RELOAD_MEASURE === '1')('measures the lost tail per pause before the reload', async () => {
    let page = context.pages()[0]!;
    await openQuestion(page, null);
    const tries = Number(process.env.DRAFT_RELOAD_TRIES) || 10;
    const report: string[] = [];
    let index = 100;
    for (const how of ['reload', 'close'] as const) {
      for (const pause of [0, 5, 20, 50]) {
        let lost = 0;
        let failed = 0;
        for (let attempt = 0; attempt < tries; attempt += 1) {
          const word = freshWord((index += 1));
          const result = await typeAndLeave(page, word, pause, how);
          page = result.page;
          const tail = lostTail(word, result.shown);
          lost += tail;
          if (tail > 0) failed += 1;
        }
        report.push(`${how} after ${pause} ms: ${failed}/${tries} tries lost characters, ${lost} characters of ${tries * 10} lost`);
      }
    }
    console.log(`draft reload measurement:\n${report.join('\n')}`);
  }, 900_000);
});
