import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { homeworkP2 } from '../../src/shared/contract';
import { P2_TEXTS } from '../../src/shared/contract/homework-p2';
import { screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/** Issue 29, verbatim: what the page says while answers wait on the device. */
const NO_CONNECTION = 'Нет связи — ответ сохранён на устройстве, отправим, когда связь вернётся';

/** Connection errors while offline are expected in the console; anything else is a bug. */
const realErrors = (errors: string[]) => errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED|ERR_FAILED|ERR_CONNECTION_RESET|WebSocket|net::/.test(text));

/** Browser and network wording that must never reach a student. */
const ENGLISH = /Failed|fetch|TypeError|NetworkError|ERR_|network|offline/i;

/** The screen's texts (src/renderer/src/i18n/homework-p2.ts; its alias imports do not load here). */
const T = {
  notSent: 'Не отправлено',
  timerRuns: 'Время второй части идёт и без связи: его считает сервер. Когда оно выйдет, на проверку уйдут ответы, которые успели дойти до сервера.',
  reason: (message: string) => `Сервер не принял их. ${message}.`,
  same: 'Совпадает',
};

const HT = 3; // timed in the demo seed

/** The saves waiting in the page's offline store (IndexedDB 'enot-offline', outbox). */
function queuedSaves(page: Page): Promise<{ status: string; text: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ status: string; text: string }[]>((resolve, reject) => {
        const open = indexedDB.open('enot-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          request.onsuccess = () => {
            open.result.close();
            type Entry = { status: string; payload: { input: { questions: { user_answer: string }[] } } };
            resolve((request.result as Entry[]).map((entry) => ({ status: entry.status, text: entry.payload.input.questions[0]?.user_answer ?? '' })));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function openWork(page: Page, start: boolean): Promise<void> {
  await page.goto(`/study/ht_p2?dz_num=${HT}&dop=0`);
  await page.getByRole('heading', { level: 1, name: `Домашнее задание №${HT} Часть 2` }).waitFor();
  if (start) await page.getByTestId('p2-start').click();
  await page.getByTestId('p2-answer-1').waitFor();
}

describe('homework part 2 written offline and synced later (issue 29 item 2)', () => {
  const e2e = useE2e();
  const db = () => e2e.server.server.services.db;
  const savedAnswer = async (q: number) =>
    (await db().selectFrom('homework_answers_p2').innerJoin('users', 'users.id', 'homework_answers_p2.user_id').select('user_answer').where('users.login', '=', 'student').where('ht_num', '=', HT).where('q_number', '=', q).executeTakeFirst())
      ?.user_answer ?? '';

  // Every case starts from homework 3 untouched (own server for this file; the cases share it).
  beforeEach(async () => {
    const user = await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    await db().deleteFrom('homework_answers_p2').where('user_id', '=', user.id).where('ht_num', '=', HT).execute();
    await db().deleteFrom('user_homeworks').where('user_id', '=', user.id).where('ht_num', '=', HT).execute();
  });

  it('an answer typed offline survives a reload without a connection and reaches the server when it returns', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await openWork(page, true);

    await context.setOffline(true);
    const text = 'Ответ, написанный в электричке без связи';
    await page.getByTestId('p2-answer-1').fill(text);
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toBe(T.notSent);
    const note = page.getByTestId('p2-offline');
    expect(await note.innerText()).toContain(NO_CONNECTION);
    // The part's clock is the server's: said plainly.
    expect(await page.getByTestId('p2-offline-timer').textContent()).toBe(T.timerRuns);
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);
    await expect.poll(() => queuedSaves(page)).toEqual([{ status: 'pending', text }]);

    // Reloaded while the server is still out of reach (the page itself loads; every call fails).
    // Calls travel over the live socket too: it stays shut with them.
    await page.route('**/app/api/**', (route) => route.abort('internetdisconnected'));
    await page.routeWebSocket(/\/go(\/|\?|$)/, (socket) => socket.close());
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Домашнее задание №${HT} Часть 2` }).waitFor();
    // Every call fails: the save is still on the device, once (a retry re-queues it, never drops
    // it), and not on the server.
    await expect.poll(() => queuedSaves(page)).toEqual([{ status: 'pending', text }]);
    expect(await savedAnswer(1)).toBe('');

    // The connection is back: the queued save goes by itself, with no form of the homework open.
    await page.unroute('**/app/api/**');
    await page.unrouteAll();
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => savedAnswer(1), { timeout: 40_000 }).toBe(text);
    await expect.poll(() => queuedSaves(page)).toEqual([]);
    // Opened again: the server's text, no conflict, nothing waiting.
    await openWork(page, false);
    expect(await page.getByTestId('p2-answer-1').inputValue()).toBe(text);
    expect(await page.getByTestId('p2-conflict').count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a save whose reply was lost settles on the next sync without a conflict', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await openWork(page, true);
    // The save reaches the server, which keeps it; every reply is lost on the way back.
    await page.route('**/save_ht_p2_new.php', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    const text = 'Сохранено, но браузер об этом не узнал';
    await page.getByTestId('p2-answer-1').fill(text);
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toBe(T.notSent);
    await expect.poll(() => queuedSaves(page)).toEqual([{ status: 'pending', text }]);
    expect(await savedAnswer(1)).toBe(text);
    // The page is left; the work is then opened on a phone (a new save from here would be '22').
    let lostOnLeaving = 0;
    page.on('requestfailed', (request) => {
      if (request.url().includes('save_ht_p2_new.php')) lostOnLeaving += 1;
    });
    await page.getByTestId('p2-back').click();
    await page.waitForURL(/\/study\/(lesson|roadmap)/);
    // The form's last save on leaving loses its reply too; the save stays queued on the device, once.
    await expect.poll(() => lostOnLeaving).toBeGreaterThan(0);
    await expect.poll(() => queuedSaves(page)).toEqual([{ status: 'pending', text }]);
    // Every save that gets through from now on (the app retries by itself, on a timer too) is recorded.
    const replies: unknown[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/save_ht_p2_new.php')) void response.json().then((body: unknown) => replies.push(body));
    });
    await page.unroute('**/save_ht_p2_new.php');
    const phone = await e2e.server.signIn('student');
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'Phone1' });

    // The connection comes back: the same operation id is answered «уже применено».
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => queuedSaves(page), { timeout: 40_000 }).toEqual([]);
    await expect.poll(() => replies.length).toBeGreaterThan(0);
    for (const reply of replies) expect(reply).toMatchObject({ success: '1', alreadyApplied: '1' });
    await openWork(page, false);
    expect(await page.getByTestId('p2-conflict').count()).toBe(0);
    expect(await savedAnswer(1)).toBe(text);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('another device writing meanwhile shows a conflict task by task with both texts, and the student chooses', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await openWork(page, true);
    await context.setOffline(true);
    const mine = 'Мой ответ, написанный на ноутбуке без связи. Функции государства: внутренние и внешние.';
    await page.getByTestId('p2-answer-1').fill(mine);
    await page.getByTestId('p2-answer-2').fill('Второй ответ');
    await page.getByTestId('p2-save').click();
    await expect.poll(() => page.getByTestId('p2-save-state').textContent()).toBe(T.notSent);
    await page.getByTestId('p2-back').click();

    // Meanwhile the phone opens the work and saves another text.
    const phone = await e2e.server.signIn('student');
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'Phone1' });
    const theirs = 'Ответ с телефона: другой текст.';
    await phone.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: theirs }, { q_number: 2, user_answer: 'Второй ответ' }], markSave: 'Phone1' });

    await context.setOffline(false);
    await expect.poll(() => queuedSaves(page), { timeout: 20_000 }).toEqual([{ status: 'conflict', text: mine }]);
    // Nothing overwritten on the server.
    expect(await savedAnswer(1)).toBe(theirs);

    await page.goto(`/study/ht_p2?dz_num=${HT}&dop=0`);
    const conflict = page.getByTestId('p2-conflict');
    await conflict.waitFor();
    expect(await conflict.getByRole('alert').textContent()).toBe(T.reason(P2_TEXTS.otherDevice));
    expect(await page.getByTestId('p2-conflict-mine-1').innerText()).toContain(mine);
    expect(await page.getByTestId('p2-conflict-server-1').innerText()).toContain(theirs);
    expect(await page.getByTestId('p2-conflict-task-2').innerText()).toContain(T.same);
    // The form waits for the choice.
    expect(await page.getByTestId('p2-answer-1').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);

    for (const [dark, width] of [[false, 1280], [true, 1280], [false, 390], [true, 390]] as const) {
      await page.evaluate((value) => localStorage.setItem('dark_theme', value ? '1' : '0'), dark);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.reload();
      await conflict.waitFor();
      await screenshot(page, `homework-p2-offline-conflict-${dark ? 'dark' : 'light'}-${width}`);
    }
    await page.evaluate(() => localStorage.setItem('dark_theme', '0'));

    // «Оставить мой» for task 1: saved over the phone's text; the form opens with it.
    expect(await page.getByTestId('p2-conflict-keep-1').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('p2-conflict-save').click();
    await page.getByTestId('p2-answer-1').waitFor();
    expect(await page.getByTestId('p2-conflict').count()).toBe(0);
    // The form may first show the copy loaded before the save; it must settle on the kept text.
    await expect.poll(() => page.getByTestId('p2-answer-1').inputValue(), { timeout: 10_000 }).toBe(mine);
    expect(await savedAnswer(1)).toBe(mine);
    expect(await queuedSaves(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
