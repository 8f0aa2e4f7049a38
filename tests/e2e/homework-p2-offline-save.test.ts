import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, signInAs } from '../helpers/browser';
import { browserDraftsText } from '../helpers/browser-drafts';
import { useE2e } from '../helpers/e2e';
import { homeworkP2 } from '../../src/shared/contract';

/** Issue 29, verbatim: what a save that found no connection says. */
const NO_CONNECTION = 'Нет связи — ответ сохранён на устройстве, отправим, когда связь вернётся';

/** The save status while the answers wait on the device (the note above the answers says why). */
const NOT_SENT = 'Не отправлено';

/** The '22' question's title (src/renderer/src/i18n/homework-p2.ts), which a settled resend must not raise. */
const OTHER_DEVICE_TITLE = 'ДЗ открыто на другом устройстве';

/** Connection errors while offline are expected in the console; anything else is a bug. */
const realErrors = (errors: string[]) => errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED|ERR_FAILED|WebSocket/.test(text));

/** Browser and network wording that must never reach a student. */
const ENGLISH = /Failed|fetch|TypeError|NetworkError|ERR_|network|offline/i;

/** Homework 3 is timed in the demo seed: opened and started as the student would. */
async function openAndStart(page: Page): Promise<void> {
  await page.goto('/study/ht_p2?dz_num=3&dop=0');
  await page.getByRole('heading', { level: 1, name: 'Домашнее задание №3 Часть 2' }).waitFor();
  await page.getByTestId('p2-start').click();
  await page.getByTestId('p2-answer-1').waitFor();
}

describe('homework part 2 saved with no connection', () => {
  const e2e = useE2e();
  const db = () => e2e.server.server.services.db;
  const savedAnswer = async (q: number) =>
    (await db().selectFrom('homework_answers_p2').innerJoin('users', 'users.id', 'homework_answers_p2.user_id').select('user_answer').where('users.login', '=', 'student').where('ht_num', '=', 3).where('q_number', '=', q).executeTakeFirst())?.user_answer;

  it('says in Russian that the answer waits on the device, and sends it by itself when the connection returns', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(page, 'student');
    await openAndStart(page);
    const state = page.getByTestId('p2-save-state');

    await context.setOffline(true);
    const text = 'Ответ, написанный без связи';
    await page.getByTestId('p2-answer-1').fill(text);
    await page.getByTestId('p2-save').click();
    await expect.poll(() => state.textContent()).toBe(NOT_SENT);
    expect(await page.getByTestId('p2-offline').innerText()).toContain(NO_CONNECTION);
    // No popup with the browser's words, and no English anywhere on the screen.
    expect(await page.getByTestId('p2-error').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);
    // The answer is kept in the device draft meanwhile (the offline store: IndexedDB in the browser).
    await expect.poll(() => browserDraftsText(page)).toContain(text);
    expect((await savedAnswer(1)) ?? '').toBe(''); // nothing reached the server

    // The status fits a phone's width: wrapped, not cut off or overflowing.
    const fits = await state.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return { right: box.right, width: document.documentElement.clientWidth, overflow: node.scrollWidth - node.clientWidth };
    });
    expect(fits.right).toBeLessThanOrEqual(fits.width);
    expect(fits.overflow).toBeLessThanOrEqual(0);
    // What the phone shows (the viewport, with the floating buttons where they really are).
    await state.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'homework-p2-offline-save-light-390.png') });

    // Typing on while the save waits: the status keeps saying it waits, the new text goes with it.
    const more = `${text}, и дописанный`;
    await page.getByTestId('p2-answer-1').fill(more);
    expect(await state.textContent()).toBe(NOT_SENT);

    // Back online: saved with no reload (a mark set on this document is still there).
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await context.setOffline(false);
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/^Сохранено \d{2}:\d{2}:\d{2}$/);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    expect(await savedAnswer(1)).toBe(more);
    await expect.poll(() => browserDraftsText(page)).not.toContain(text);
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);

    // Sending the saved work for checking with no connection: the reason is said in Russian too.
    await context.setOffline(true);
    await page.getByTestId('p2-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить', exact: true }).click();
    await expect.poll(() => page.getByTestId('p2-error').textContent()).toBe('Ошибка отправки ДЗ на проверку: нет связи с сервером');
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);
    await context.setOffline(false);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a refusal keeps its Russian message and is not sent again', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await page.goto('/study/ht_p2?dz_num=3&dop=0');
    await page.getByTestId('p2-answer-1').waitFor();
    let sent = 0;
    await page.route('**/save_ht_p2_new.php', async (route) => {
      sent += 1;
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: '0', message: 'Время на выполнение ДЗ закончилось' }) });
    });
    await page.getByTestId('p2-answer-1').fill('Ответ после дедлайна');
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-error').textContent()).toBe('Время на выполнение ДЗ закончилось');
    expect(await page.getByTestId('p2-save-state').textContent()).toBe('Не сохранено');
    // That no retry follows a refusal is checked with a moving clock in use-p2-save.test.tsx.
    expect(sent).toBe(1);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
  it('a save whose reply was lost settles on its resend, even after another device took the work (issue 29)', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await page.goto('/study/ht_p2?dz_num=3&dop=0');
    await page.getByTestId('p2-answer-1').waitFor();
    const state = page.getByTestId('p2-save-state');
    // The save reaches the server, which keeps it; its reply is lost on the way back.
    let sent = 0;
    await page.route('**/save_ht_p2_new.php', async (route) => {
      sent += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const text = 'Ответ, о сохранении которого браузер не узнал';
    await page.getByTestId('p2-answer-1').fill(text);
    await page.getByTestId('p2-save').click();
    await expect.poll(() => state.textContent()).toBe(NOT_SENT);
    expect(sent).toBe(1);
    expect(await savedAnswer(1)).toBe(text);
    await page.unroute('**/save_ht_p2_new.php');

    // Meanwhile the work is opened on a phone: a new save from this tab would be asked about ('22').
    const phone = await e2e.server.signIn('student');
    await phone.call(homeworkP2.getHtP2Camel, { htNum: 3, markSave: 'Phone1' });
    // The connection is back: the same save is sent again with its operation id and answered «уже применено».
    const resent = page.waitForResponse((response) => response.url().endsWith('/save_ht_p2_new.php'));
    await context.setOffline(true);
    await context.setOffline(false);
    expect(await (await resent).json()).toMatchObject({ success: '1', alreadyApplied: '1' });
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/^Сохранено \d{2}:\d{2}:\d{2}$/);
    expect(await page.getByText(OTHER_DEVICE_TITLE).count()).toBe(0);
    expect(await page.getByTestId('p2-error').count()).toBe(0);
    expect(await savedAnswer(1)).toBe(text);
    expect(realErrors(errors).filter((line) => !/ERR_CONNECTION_RESET/.test(line))).toEqual([]);
    await context.close();
  });
});
