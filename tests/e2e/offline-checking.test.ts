import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { curatorHomework, homeworkP2 } from '../../src/shared/contract';
import { CHECK_TEXTS } from '../../src/shared/contract/curator-homework';
import { screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { setHomeworkProgress } from '../helpers/factories';

/** Homework 3: egor, sofia and maxim submitted part 2 in the demo data; the curator checks them offline. */
const HT = 3;

/** Scores both tasks of the open work and writes a comment, as the curator would. */
async function checkWork(page: Page, first: string, second: string, comment: string): Promise<void> {
  const scores = page.getByLabel('Баллы (0–3)');
  await scores.nth(0).fill(first);
  await scores.nth(1).fill(second);
  await page.getByLabel('Комментарий к заданию').first().fill(comment);
}

/** Connection errors while offline are expected; anything else is a bug. */
const realErrors = (errors: string[]) => errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED|WebSocket/.test(text));

describe('offline checking in chromium', () => {
  const db = () => e2e.server.server.services.db;
  const keys: Record<string, string> = {};
  const work = async (login: string) => {
    const user = await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
    const row = await db().selectFrom('user_homeworks').select(['status_p2', 'points_p2']).where('user_id', '=', user.id).where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirstOrThrow();
    const answers = await db().selectFrom('homework_answers_p2').select(['q_number', 'points', 'teacher_comment']).where('user_id', '=', user.id).where('ht_num', '=', HT).orderBy('q_number').execute();
    return { ...row, answers };
  };

  const e2e = useE2e();
  beforeAll(async () => {
    for (const login of ['egor', 'sofia', 'maxim']) {
      const row = await db().selectFrom('users').select(['id', 'vk_id']).where('login', '=', login).executeTakeFirstOrThrow();
      keys[login] = row.vk_id ?? `id${row.id}`;
    }
  });

  it('checks two works with no connection, syncs them, and shows a conflict for a work changed on the server', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto(`/study/curator/homeworks/${HT}`);
    await page.getByTestId('offline-panel').waitFor();
    await page.getByRole('button', { name: 'Скачать непроверенные работы' }).click();
    await page.getByText('Скачано работ: 3').waitFor();
    await expect.poll(() => page.getByTestId('offline-badge').count()).toBe(3);
    await screenshot(page, 'offline-downloaded-light-1280');

    await context.setOffline(true);
    await page.getByText('Нет подключения к серверу', { exact: false }).first().waitFor();

    // Egor: scored and finished offline.
    await page.getByTestId(`work-${keys.egor}`).getByRole('link', { name: 'Проверить часть 2' }).click();
    await page.getByTestId('local-copy').waitFor();
    await checkWork(page, '2', '3', 'Третий аргумент не раскрыт');
    await page.getByRole('button', { name: 'Завершить проверку' }).click();
    await page.getByText('Сохранено на этом устройстве. Отправим, когда появится интернет.').waitFor();
    await page.getByTestId('local-copy').getByText('Ожидает отправки: «Завершить проверку»').waitFor();
    await screenshot(page, 'offline-queued-light-1280');

    // Sofia: checked offline too; the page is reloaded from the device's copy after a slip of the mouse.
    await page.getByRole('link', { name: /Назад/ }).click();
    await page.getByTestId(`work-${keys.sofia}`).getByRole('link', { name: 'Проверить часть 2' }).click();
    await page.getByTestId('local-copy').waitFor();
    await checkWork(page, '1', '2', 'Нет второго примера');
    await page.getByRole('link', { name: /Назад/ }).click();
    await page.getByTestId(`work-${keys.sofia}`).getByRole('link', { name: 'Проверить часть 2' }).click();
    // Every change was kept on the device: the scores are still there.
    await expect.poll(() => page.getByLabel('Баллы (0–3)').nth(1).inputValue()).toBe('2');
    expect(await page.getByLabel('Комментарий к заданию').first().inputValue()).toBe('Нет второго примера');
    await page.getByRole('button', { name: 'Завершить проверку' }).click();
    await page.getByText('Сохранено на этом устройстве. Отправим, когда появится интернет.').waitFor();
    expect(await work('egor')).toMatchObject({ status_p2: 'Готово' }); // nothing reached the server yet

    // Meanwhile an admin checks sofia's work online.
    const admin = await e2e.server.signIn('admin');
    await admin.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: keys.sofia!, jsonData: { '1': { cur_comment: 'Админ: списано', ballov: 0, add_comments: {} } } });

    await page.getByRole('link', { name: /Назад/ }).click();
    await page.getByTestId('offline-panel').waitFor();
    await context.setOffline(false);
    // Back online: egor's check lands, sofia's is held as a conflict. A first send that set off
    // before the connection was usable is retried after SYNC_RETRY_MS (30 s): allow one retry.
    await page.getByTestId(`conflict-${keys.sofia}`).waitFor({ timeout: 45_000 });
    await expect.poll(async () => (await work('egor')).status_p2).toBe('Проверен');
    expect(await work('egor')).toMatchObject({ points_p2: 5 });
    expect((await work('egor')).answers[0]!.teacher_comment).toBe('Третий аргумент не раскрыт');
    expect((await work('sofia')).answers[0]).toMatchObject({ points: 0, teacher_comment: 'Админ: списано' }); // not overwritten
    const conflict = page.getByTestId(`conflict-${keys.sofia}`);
    await conflict.getByText('Нет второго примера').waitFor();
    await conflict.getByText('Админ: списано').waitFor();
    await screenshot(page, 'offline-conflict-light-1280');

    await conflict.getByRole('button', { name: 'Оставить мою проверку' }).click();
    await expect.poll(async () => (await work('sofia')).status_p2).toBe('Проверен');
    expect(await work('sofia')).toMatchObject({ points_p2: 3 });
    expect((await work('sofia')).answers[0]!.teacher_comment).toBe('Нет второго примера');
    await expect.poll(() => page.getByTestId(`conflict-${keys.sofia}`).count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a conflict survives a reload and looks right in both themes on wide and narrow screens', async () => {
    const { page, context } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${keys.maxim}`);
    await page.getByTestId('answer').first().waitFor();
    await checkWork(page, '3', '3', 'Отлично');
    await page.getByTestId('local-copy').waitFor(); // the first change made it a local copy
    const admin = await e2e.server.signIn('admin');
    await admin.call(curatorHomework.setResultP2, { action: 'return', dzNum: HT, studentId: keys.maxim! });
    await page.getByRole('button', { name: 'Сохранить проверку' }).click();
    await page.getByTestId(`conflict-${keys.maxim}`).waitFor();
    await page.getByTestId(`conflict-${keys.maxim}`).getByText('Статус: Выполняется').waitFor();
    // Every change made right after the first one (which turned the work into a local copy) is kept.
    expect(await page.getByTestId(`conflict-${keys.maxim}`).getByText('Баллы: 3 из 3').count()).toBe(2);
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        await page.evaluate((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), dark);
        await page.setViewportSize({ width, height: 800 });
        await page.reload();
        await page.getByTestId(`conflict-${keys.maxim}`).waitFor();
        await screenshot(page, `offline-conflict-work-${dark ? 'dark' : 'light'}-${width}`);
        await page.goto(`/study/curator/homeworks/${HT}`);
        await page.getByTestId('offline-panel').waitFor();
        await screenshot(page, `offline-panel-${dark ? 'dark' : 'light'}-${width}`);
        await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${keys.maxim}`);
      }
    }
    // Keeping mine is refused (the work is back with the student); keeping the server's clears it.
    const conflict = page.getByTestId(`conflict-${keys.maxim}`);
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Оставить мою проверку' }).click();
    await conflict.getByText(/Ученик ещё не сдал эту работу/).waitFor();
    await conflict.getByRole('button', { name: 'Оставить версию сервера' }).click();
    await expect.poll(() => page.getByTestId(`conflict-${keys.maxim}`).count()).toBe(0);
    await expect.poll(() => page.getByTestId('work-status').textContent()).toBe('Выполняется');
    expect(await work('maxim')).toMatchObject({ status_p2: 'Выполняется' });
    await context.close();
  });

  it('retries a waiting check by itself when the server was unreachable though the browser was online', async () => {
    // Maxim hands his returned work in again.
    const maxim = await e2e.server.signIn('maxim');
    await maxim.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'MaximR' });
    await maxim.callRaw(homeworkP2.endHtP2, { htNum: HT });
    expect((await work('maxim')).status_p2).toBe('Готово');

    const { page, context } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${keys.maxim}`);
    await page.getByTestId('answer').first().waitFor();
    // The server stops answering check writes; the browser still thinks it is online.
    await page.route('**/set_result_p2.php', (route) => route.abort('connectionrefused'));
    await checkWork(page, '2', '2', 'Повторная проверка');
    await page.getByRole('button', { name: 'Завершить проверку' }).click();
    await page.getByText('Сохранено на этом устройстве. Отправим, когда появится интернет.').waitFor();
    expect((await work('maxim')).status_p2).toBe('Готово');
    await page.unroute('**/set_result_p2.php');
    // No click, no reconnect: the periodic retry sends it.
    await expect.poll(async () => (await work('maxim')).status_p2, { timeout: 45_000, interval: 1000 }).toBe('Проверен');
    expect(await work('maxim')).toMatchObject({ points_p2: 4 });
    await context.close();
  }, 90_000);
  it('settles a check whose reply was lost: the next sync shows no conflict with itself (issue 29)', async () => {
    // Egor's work is handed in again ('Готово') to be checked once more.
    await setHomeworkProgress(e2e.server, 'egor', HT, { p2: { status: 'Готово' } });
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${keys.egor}`);
    await page.getByTestId('answer').first().waitFor();
    // The check reaches the server, which applies it; its reply is lost on the way back.
    let reached = 0;
    await page.route('**/set_result_p2.php', async (route) => {
      reached += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await checkWork(page, '1', '2', 'Ответ сервера потерялся');
    await page.getByRole('button', { name: 'Завершить проверку' }).click();
    await page.getByText('Сохранено на этом устройстве. Отправим, когда появится интернет.').waitFor();
    await page.getByTestId('local-copy').getByText('Ожидает отправки: «Завершить проверку»').waitFor();
    expect(reached).toBe(1);
    expect(await work('egor')).toMatchObject({ status_p2: 'Проверен', points_p2: 3 });
    await page.unroute('**/set_result_p2.php');

    // The connection comes back: the queued check is sent again and settled as already applied.
    const resent = page.waitForResponse((response) => response.url().endsWith('/set_result_p2.php'));
    await context.setOffline(true);
    await page.getByText('Нет подключения к серверу', { exact: false }).first().waitFor();
    await context.setOffline(false);
    expect(await (await resent).json()).toMatchObject({ success: '1', alreadyApplied: '1' });
    await expect.poll(() => page.getByText('Ожидает отправки', { exact: false }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('work-status').textContent()).toBe('Проверен');
    expect(await page.getByTestId(`conflict-${keys.egor}`).count()).toBe(0);
    expect(await page.getByText(CHECK_TEXTS.conflict).count()).toBe(0);
    // The notice no longer says it waits for the connection.
    await page.getByRole('status').getByText('Проверка завершена').waitFor();
    expect(await work('egor')).toMatchObject({ status_p2: 'Проверен', points_p2: 3 });
    expect((await work('egor')).answers[0]!.teacher_comment).toBe('Ответ сервера потерялся');
    await screenshot(page, 'offline-lost-reply-settled-light-1280');
    expect(realErrors(errors).filter((text) => !/ERR_CONNECTION_RESET|net::ERR_FAILED/.test(text))).toEqual([]);
    await context.close();
  });
});
