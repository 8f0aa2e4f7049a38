import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInAs } from '../helpers/browser';
import { browserDraftsText } from '../helpers/browser-drafts';
import { useE2e } from '../helpers/e2e';
import { makeStudentLike, userKeyOf } from '../helpers/factories';

interface ChatRow {
  bot: string;
  id: number;
  message: { message?: string };
}

/** The browser build's cached AI-chat history (IndexedDB 'enot-offline', store 'chat'). */
function cachedChat(page: Page): Promise<ChatRow[]> {
  return page.evaluate(
    () =>
      new Promise<ChatRow[]>((resolve, reject) => {
        const open = indexedDB.open('enot-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('chat', 'readonly').objectStore('chat').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as ChatRow[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

const keysOf = async (page: Page) => [...new Set((await cachedChat(page)).map((row) => row.bot))].sort();

async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  await page.getByTestId('assistant-panel').waitFor();
  await page.getByTestId('assistant-bot-botTheory').and(page.locator('[aria-selected="true"]')).waitFor();
}

/** Sends a question and waits for the bot's answer to finish. */
async function ask(page: Page, question: string): Promise<void> {
  const before = await page.locator('.assistant-message--bot').count();
  await page.getByTestId('assistant-input').fill(question);
  await page.getByTestId('assistant-input').press('Enter');
  await page.locator('.assistant-message--bot').nth(before).and(page.locator('[data-status="done"], [data-status="error"]')).waitFor({ timeout: 15_000 });
}

async function signOutFromMenu(page: Page): Promise<void> {
  await page.goto('/study/roadmap');
  await page.getByTestId('avatar-menu').click();
  await page.getByTestId('logout').click();
}

describe('the AI chat history cached on the device is per user (issue 29)', () => {
  const e2e = useE2e();

  it("the next person on the same browser never sees the previous one's history; «Удалить и выйти» drops one's own", async () => {
    const boris = await makeStudentLike(e2e.server, 'student', { login: 'boris-chat', surname: 'Борисов' });
    const anna = `user/${encodeURIComponent(await userKeyOf(e2e.server, 'student'))}/botTheory`;
    const borisKey = `user/${encodeURIComponent(boris.key)}/botTheory`;
    const { page, context, errors } = await e2e.openPage();

    await signInAs(page, 'student');
    await openChat(page);
    const annasQuestion = 'Что такое инфляция? (вопрос Анны)';
    await ask(page, annasQuestion);
    await expect.poll(async () => JSON.stringify(await cachedChat(page))).toContain(annasQuestion);
    expect(await keysOf(page)).toEqual([anna]);

    // No drafts: signing out asks nothing and keeps Anna's history under her key.
    await signOutFromMenu(page);
    await page.waitForURL(/\/study\/login$/);

    await signInAs(page, boris.login);
    await openChat(page);
    await ask(page, 'Что такое дефляция? (вопрос Бориса)');
    // By now both the device copy and the server's page were read: none of it is Anna's.
    expect(await page.getByTestId('assistant-panel').innerText()).not.toContain(annasQuestion);
    await expect.poll(() => keysOf(page)).toEqual([anna, borisKey].sort());

    // A question typed and not sent is a draft, so signing out asks; «Удалить и выйти» drops
    // Boris's drafts and his chat history, and nothing of Anna's.
    await page.getByTestId('assistant-input').fill('недописанный вопрос Бориса');
    await expect.poll(() => browserDraftsText(page)).toContain('недописанный вопрос Бориса');
    await signOutFromMenu(page);
    await page.getByRole('dialog').getByTestId('sign-out-drop').click();
    await page.waitForURL(/\/study\/login$/);
    expect(await keysOf(page)).toEqual([anna]);
    expect(await browserDraftsText(page)).not.toContain('недописанный вопрос Бориса');

    // A call still under way when the session ends is answered 401: the browser logs it, the app ignores it.
    expect(errors.filter((error) => !/WebSocket|ERR_|status of 401/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('the theory bot points to the organisational one (issue 42)', () => {
  const e2e = useE2e();

  it('answers «когда дедлайн…» with «Спросить про организацию», which opens the other bot with the question', async () => {
    for (const [width, dark] of [[1280, false], [1280, true], [390, false], [390, true]] as const) {
      const login = `org-${width}-${dark ? 'dark' : 'light'}`;
      await makeStudentLike(e2e.server, 'student', { login, surname: 'Орлова' });
      const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
      await signInAs(page, login, { dark });
      await openChat(page);
      const question = 'Когда дедлайн по второй части ДЗ 3?';
      await ask(page, question);
      const answer = page.locator('.assistant-message--bot').last();
      expect(await answer.textContent()).not.toContain('не нашёл');
      const offer = answer.getByTestId('assistant-switch-bot');
      expect(await offer.textContent()).toBe('Спросить про организацию');
      await screenshot(page, `assistant-org-offer-${dark ? 'dark' : 'light'}-${width}`);
      await offer.click();
      await page.getByTestId('assistant-bot-botConsultantKurs').and(page.locator('[aria-selected="true"]')).waitFor();
      expect(await page.getByTestId('assistant-input').inputValue()).toBe(question);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
