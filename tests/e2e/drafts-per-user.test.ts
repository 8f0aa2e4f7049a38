import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOT_DIR, signInAs } from '../helpers/browser';
import { browserDrafts, browserDraftsText } from '../helpers/browser-drafts';
import { useE2e } from '../helpers/e2e';
import { makeStudentLike } from '../helpers/factories';

/** Homework 3 is timed in the demo seed: opened (and started, the first time) as a student would. */
async function openHomework3(page: Page): Promise<void> {
  await page.goto('/study/ht_p2?dz_num=3&dop=0');
  await page.getByRole('heading', { level: 1, name: 'Домашнее задание №3 Часть 2' }).waitFor();
  const start = page.getByTestId('p2-start');
  const answer = page.getByTestId('p2-answer-1');
  await Promise.race([start.waitFor(), answer.waitFor()]);
  if (await start.isVisible()) await start.click();
  await answer.waitFor();
}

/** What the screen shows (the viewport: the question is a popup over it). */
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** Signs out as the user would: from the header's menu, or with the personal account's button. */
async function signOut(page: Page, from: 'menu' | 'account'): Promise<void> {
  if (from === 'menu') {
    await page.goto('/study/roadmap');
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').click();
  } else {
    await page.goto('/study/lk');
    await page.getByTestId('account-logout').click();
  }
}

describe('drafts are per user and move from localStorage (issue 29)', () => {
  const e2e = useE2e();

  it('a part 2 draft typed by one student is never shown to the next one on the same browser; kept for its owner', async () => {
    const boris = await makeStudentLike(e2e.server, 'student', { login: 'boris', surname: 'Борисов' });
    const { page, context } = await e2e.openPage();
    await signInAs(page, 'student');
    await openHomework3(page);

    // Typed with the server unreachable for saves: it stays only in the device draft. Saves stay
    // unreachable to the end, or the app's outbox would deliver the queued save when its owner
    // signs in again, and the form would open on the server's copy with nothing to restore.
    await page.route('**/save_ht_p2_new.php', (route) => route.abort());
    const text = 'Черновик Анны, не дошедший до сервера';
    await page.getByTestId('p2-answer-1').fill(text);
    await expect.poll(() => browserDraftsText(page)).toContain(text);

    // Signing out with a draft on the device asks whether to keep it.
    await signOut(page, 'menu');
    const question = page.getByRole('dialog');
    await question.getByTestId('sign-out-drafts').waitFor();
    expect(await question.getByTestId('sign-out-drafts').textContent()).toBe(
      'На этом компьютере 1 ваш черновик: ответы, которые ещё не отправлены. Оставить их до вашего следующего входа? Другие пользователи их не увидят.',
    );
    await shot(page, 'sign-out-drafts-light-1280');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await shot(page, 'sign-out-drafts-dark-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'sign-out-drafts-dark-390');
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await shot(page, 'sign-out-drafts-light-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await question.getByTestId('sign-out-keep').click();
    await page.waitForURL(/\/study\/login$/);

    // Someone else signs in on the same browser: the form shows their own (empty) answer.
    await signInAs(page, boris.login);
    await openHomework3(page);
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe('');
    expect(await page.getByTestId('p2-draft-restored').count()).toBe(0);
    // The draft is still on the device, only not theirs.
    expect(await browserDraftsText(page)).toContain(text);
    expect(await page.locator('body').innerText()).not.toContain(text);

    // Boris has no drafts: signing out asks nothing.
    await signOut(page, 'account');
    await page.waitForURL(/\/study\/login$/);

    // The owner signs in again: the kept draft is back.
    await signInAs(page, 'student');
    await openHomework3(page);
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe(text);
    await page.getByTestId('p2-draft-restored').waitFor();

    // «Удалить и выйти» drops it from the device (the form's save on leaving still cannot reach the server).
    await signOut(page, 'account');
    await page.getByRole('dialog').getByTestId('sign-out-drop').click();
    await page.waitForURL(/\/study\/login$/);
    await expect.poll(() => browserDraftsText(page)).not.toContain(text);
    await context.close();
  });

  it('a draft an older version kept in localStorage is moved to the signed-in student and shown', async () => {
    const { page, context } = await e2e.openPage();
    await page.goto('/study/login');
    const tab = 'Old123';
    const typed = 'Ответ из прошлой версии приложения';
    await page.evaluate(
      ({ tab, typed }) => {
        const now = Date.now();
        localStorage.setItem('enot.htP2Tabs', JSON.stringify([{ key: '3:0', tab, at: now }]));
        localStorage.setItem('enot.htP2Drafts', JSON.stringify([{ key: '3:0', tab, at: now, answers: { '1': typed }, base: {} }]));
        localStorage.setItem('enot.chatDraft', 'Вопрос из прошлой версии');
      },
      { tab, typed },
    );
    await signInAs(page, 'student');
    await openHomework3(page);
    await page.getByTestId('p2-draft-restored').waitFor();
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe(typed);
    // Moved, not copied: the old keys are gone and the store holds them under this student.
    expect(await page.evaluate(() => [localStorage.getItem('enot.htP2Drafts'), localStorage.getItem('enot.chatDraft')])).toEqual([null, null]);
    const keys = (await browserDrafts(page)).map((draft) => draft.key);
    expect(keys.some((key) => /^user\/[^/]+\/p2\/3:0\/Old123$/.test(key))).toBe(true);
    expect(keys.some((key) => /^user\/[^/]+\/chat$/.test(key))).toBe(true);
    await context.close();
  });
});
