import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailings } from '../../src/shared/contract';
import { NOT_CONFIGURED_REASON } from '../../src/shared/contract/mailings';
import { openDatabase } from '../../server/db';
import { startTelegramBotStandIn, type MessengerStandIn } from '../stand-ins/messengers';
import { E2E_WEB_DIST, launchBrowser, openPage, screenshot, signInAs } from '../helpers/browser';
import { TestClient } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';

const TOKEN = '424242:E2E-mailing-bot-token-abcdefgh';
const PUPILS = 40;

/**
 * Issue #19: a Telegram mailing is a durable job that never sends twice. The server is SIGKILLed
 * while a message is in flight and restarted on the same database; every recipient gets the
 * mailing exactly once, a 429's retry_after is honoured. Without VK configured a VK mailing waits
 * in the outbox with its reason, shown in the back office.
 */
describe('mailings survive a killed sender and never send twice', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-mailings-'));
  let telegram: MessengerStandIn;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    telegram = await startTelegramBotStandIn(TOKEN);
    env = { DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`, REDIS_URL: '', DEMO_MEDIA: '0', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: telegram.url, WEB_DIST: E2E_WEB_DIST };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await telegram.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers to everyone exactly once across a SIGKILL in the middle of sending', async () => {
    server = await spawnServer(env);
    // Forty more students reachable in Telegram, besides sofia.
    const opened = openDatabase(env.DATABASE_URL!);
    const now = Date.now();
    for (let index = 1; index <= PUPILS; index += 1) {
      await opened.db
        .insertInto('users')
        .values({ login: `pupil${index}`, user_type: 'Ученик', surname: 'Ученик', name: `№${index}`, tg_id: String(900000000 + index), tg_nickname: `pupil${index}`, created_at: now, updated_at: now })
        .execute();
    }
    await opened.close();

    const admin = await new TestClient(server.url).signIn('admin');
    const socket = await admin.openLive();
    expect((await socket.request(mailings.getGroupUsersCountTg, { fromBot: 'MAIN', group: 'Все ученики' })).count).toBe(PUPILS + 1);
    telegram.rateLimit(1, 1);
    // The 16th message reaches Telegram, but its answer never comes back: the sender is killed then.
    telegram.holdAfter(15);
    await socket.request(mailings.createTgMailing, { message: 'Пробник в субботу в 10:00', receiverGroup: 'Все ученики', startAt: '', fromTgBot: 'MAIN', receiversTgNicknames: [] });
    socket.close();
    await expect.poll(() => telegram.received.length, { timeout: 30_000, interval: 50 }).toBe(16);
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server!.child.once('exit', resolve));
    telegram.release();

    // A fresh instance on the same database resumes once the dead one's lease runs out.
    server = await spawnServer(env);
    await expect.poll(() => telegram.received.length, { timeout: 60_000, interval: 250 }).toBe(PUPILS + 1);
    const restarted = await new TestClient(server.url).signIn('admin');
    const live = await restarted.openLive();
    await expect
      .poll(async () => (await live.request(mailings.triggerUpdateTgMailing, {})).closedMailings[0]?.status, { timeout: 30_000, interval: 500 })
      .toBe('Завершена');
    const finished = (await live.request(mailings.triggerUpdateTgMailing, {})).closedMailings[0]!;
    live.close();
    const chats = telegram.received.map((message) => message.chatId);
    expect(new Set(chats).size).toBe(chats.length);
    expect(chats).toHaveLength(PUPILS + 1);
    // The in-flight one is not confirmed (it did arrive, but the dead sender never learnt it): never resent.
    expect(finished).toMatchObject({ totalReceivers: PUPILS + 1, totalSent: PUPILS, unconfirmed: 1, waiting: 0 });
    // retry_after 1 s: nothing went out for a second after the 429.
    expect(telegram.limited).toHaveLength(1);
    expect(telegram.received[0]!.at - telegram.limited[0]!).toBeGreaterThanOrEqual(990);
    // A wait of at least 1 s between two messages to one chat, about 30 a second overall.
    const span = telegram.received[14]!.at - telegram.received[0]!.at;
    expect(span).toBeGreaterThanOrEqual(14 * 30);
  });

  it('shows a VK mailing without a configured VK bot in the outbox with its reason', async () => {
    server ??= await spawnServer(env);
    // Students who signed in through VK have a VK id: the group 'Всем' reaches them.
    const opened = openDatabase(env.DATABASE_URL!);
    await opened.db.updateTable('users').set({ vk_id: '31000001' }).where('login', '=', 'egor').execute();
    await opened.db.updateTable('users').set({ vk_id: '31000002' }).where('login', '=', 'maxim').execute();
    await opened.close();
    browser = await launchBrowser();
    const { page, errors } = await openPage(browser, server.url);
    await signInAs(page, 'admin');
    await page.goto('/study/curator/tg_sending');
    await page.getByRole('heading', { level: 1, name: 'Рассылки' }).waitFor();
    await page.getByRole('tab', { name: 'Рассылка в ВК' }).click();
    await page.getByRole('button', { name: 'Создать рассылку' }).click();
    const dialog = page.getByRole('dialog', { name: 'Создание рассылки (ВК)' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Сообщение/).fill('Новый разбор второй части уже в группе');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Pushed live: the job runs within the runner's poll and the list updates without a reload.
    const reason = page.getByTestId('closed-mailings').getByTestId('mailing-reason').first();
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.textContent()).toBe(NOT_CONFIGURED_REASON);
    await screenshot(page, 'mailings-vk-outbox-light-1280');
    // The tab is remembered.
    await page.reload();
    await page.getByTestId('closed-mailings').waitFor();
    expect(await page.getByRole('tab', { name: 'Рассылка в ВК' }).getAttribute('aria-selected')).toBe('true');
    await page.evaluate(() => localStorage.setItem('dark_theme', '1'));
    await page.getByRole('tab', { name: 'Курс' }).click();
    await page.reload();
    await page.getByTestId('closed-mailings').waitFor();
    await screenshot(page, 'mailings-main-dark-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, 'mailings-main-dark-390');

    // «Все ученики» counts only students with a linked Telegram, and the dialog says so.
    const opened2 = openDatabase(env.DATABASE_URL!);
    const linked = await opened2.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('blocked', '=', 0)
      .where('tg_id', 'is not', null)
      .where('tg_id', '!=', '')
      .where('user_type', 'in', ['Ученик', 'Интенсив', 'Частичный', 'Подписка', 'Пакетник'])
      .executeTakeFirstOrThrow();
    const students = await opened2.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('user_type', '=', 'Ученик').executeTakeFirstOrThrow();
    await opened2.close();
    for (const [width, dark] of [[390, true], [390, false], [1280, false], [1280, true]] as const) {
      await page.evaluate((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), dark);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.getByRole('button', { name: 'Создать рассылку' }).click();
      const create = page.getByRole('dialog', { name: 'Создание рассылки (Курс)' });
      await create.waitFor();
      expect(await create.getByRole('combobox', { name: 'Группа получателей' }).textContent()).toBe('Все ученики');
      await expect.poll(() => create.getByTestId('mailing-count').textContent()).toBe(String(linked.count));
      expect(await create.getByTestId('mailing-count-hint').textContent()).toBe('Считаются только те, кто привязал Telegram: остальным бот написать не может.');
      // Russian pickers: the native file button (its «Choose File») is hidden behind «Выбрать файл», the start is typed as ДД.ММ.ГГГГ ЧЧ:ММ.
      await create.getByTestId('mailing-image-pick').waitFor();
      expect(await create.getByTestId('mailing-image-pick').textContent()).toBe('Выбрать файл');
      expect(await create.getByText('Файл не выбран').count()).toBe(1);
      expect((await create.locator('#mailing-image').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
      const start = create.locator('#mailing-start');
      expect(await start.getAttribute('type')).toBe('text');
      expect(await start.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ ЧЧ:ММ');
      await create.locator('#mailing-message').fill('Вебинар в пятницу');
      await start.fill('12/01/2026 18:00');
      await create.getByText('Дата и время в виде ДД.ММ.ГГГГ ЧЧ:ММ, например 01.12.2026 18:00').waitFor();
      expect(await page.getByRole('button', { name: 'Создать', exact: true }).isDisabled()).toBe(true);
      await start.fill('01.12.2026 18:00');
      await create.getByText('Московское время, ДД.ММ.ГГГГ ЧЧ:ММ; пусто — сразу').waitFor();
      expect(await page.getByRole('button', { name: 'Создать', exact: true }).isDisabled()).toBe(false);
      await screenshot(page, `mailings-create-${dark ? 'dark' : 'light'}-${width}`);
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'detached' });
    }
    // The demo school has more students than linked Telegram accounts: the hint is why the count is smaller.
    expect(Number(students.count)).toBeGreaterThan(Number(linked.count));
    expect(errors).toEqual([]);
  });
});
