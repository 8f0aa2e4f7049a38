import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERBAL_CHAT_TEXTS as T } from '../../src/shared/contract/video-chat';
import { E2E_WEB_DIST, FAKE_MEDIA_ARGS, launchBrowser, screenshot } from '../helpers/browser';
import { createPostgresSchema, dropRedisPrefix, startTestServer, withSearchPath, type TestServer } from '../helpers/server';
import { useE2e } from '../helpers/e2e';
import { callAndEnd, openStudent, PHONE_USER_AGENT, setReady, VIDEO_CHAT_PATH } from '../helpers/video-chat-call';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe('video chat in two chromium profiles with fake devices', () => {
  const e2e = useE2e({ env: { ...(process.env.VCHAT_LOG ? { LOG_LEVEL: 'info' } : {}) }, browserArgs: FAKE_MEDIA_ARGS });

  it('A is ready, B searches, A accepts: both connected with moving video; B ends and both wait again', async () => {
    const a = await openStudent(e2e.browser, e2e.server.url, 'egor');
    const b = await openStudent(e2e.browser, e2e.server.url, 'sofia', { dark: true });
    await screenshot(a.page, 'video-chat-waiting-light');
    await screenshot(b.page, 'video-chat-waiting-dark');
    await callAndEnd(a, b, 'video-chat');
    expect(a.errors.filter((error) => !/WebSocket|ERR_/.test(error))).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it('a phone skips the device check (shell §5): start and accept are open without probing, and the call still connects', async () => {
    // Counts every camera/microphone request the page makes.
    const countMediaRequests = async (page: import('playwright-core').Page) => {
      await page.addInitScript(() => {
        const w = window as unknown as { mediaRequests: number };
        w.mediaRequests = 0;
        const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = (constraints) => {
          w.mediaRequests += 1;
          return original(constraints);
        };
      });
    };
    const a = await openStudent(e2e.browser, e2e.server.url, 'egor', { width: 390, userAgent: PHONE_USER_AGENT, beforeSignIn: countMediaRequests });
    const b = await openStudent(e2e.browser, e2e.server.url, 'sofia');
    expect(await a.page.getByTestId('probe-skipped').textContent()).toBe(
      'На телефоне устройства заранее не проверяются: браузер спросит доступ к камере и микрофону, когда начнётся тренировка.',
    );
    expect(await a.page.getByTestId('probe-camera').count()).toBe(0);
    expect(await a.page.getByRole('button', { name: 'Найти собеседника' }).isEnabled()).toBe(true);
    expect(await a.page.evaluate(() => (window as unknown as { mediaRequests: number }).mediaRequests)).toBe(0);
    await screenshot(a.page, 'video-chat-phone-waiting');
    // The phone is called and accepts without a probe; media is asked for by the call itself.
    await callAndEnd(a, b);
    expect(await a.page.evaluate(() => (window as unknown as { mediaRequests: number }).mediaRequests)).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('a rejected call and a cancelled search return to waiting with the cause; the call reaches any page', async () => {
    const a = await openStudent(e2e.browser, e2e.server.url, 'egor');
    const b = await openStudent(e2e.browser, e2e.server.url, 'sofia', { width: 390 });
    await setReady(a.page);
    // The incoming-call window is an overlay on every page, not only on the video chat.
    await a.page.goto('/study/roadmap');
    await b.page.getByRole('button', { name: 'Найти собеседника' }).click();
    await b.page.getByText('Ищем собеседника…').waitFor();
    await screenshot(b.page, 'video-chat-searching-narrow');
    const dialog = a.page.getByRole('dialog', { name: 'Входящий вызов' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await expect.poll(() => b.page.getByTestId('vchat-notice').textContent()).toBe(T.calleeRejected);
    await b.page.getByRole('button', { name: 'Найти собеседника' }).waitFor();

    // A cancelled search: back to waiting at once.
    await a.page.goto(VIDEO_CHAT_PATH);
    await a.page.getByRole('switch', { name: 'Принимать входящие вызовы' }).click();
    await expect.poll(() => a.page.getByRole('switch', { name: 'Принимать входящие вызовы' }).getAttribute('aria-checked')).toBe('false');
    await b.page.getByRole('button', { name: 'Найти собеседника' }).click();
    await b.page.getByRole('button', { name: 'Отменить поиск' }).click();
    await b.page.getByRole('button', { name: 'Найти собеседника' }).waitFor();

    // The caller cancels while A's call rings: A's window closes with the cause.
    await setReady(a.page);
    await b.page.getByRole('button', { name: 'Найти собеседника' }).click();
    await dialog.waitFor();
    await b.page.getByRole('button', { name: 'Отменить поиск' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => a.page.getByTestId('vchat-notice').textContent()).toBe(T.callerCancelled);
    await Promise.all([a.close(), b.close()]);
  });

  it('no remote media within 10 s: the §8.2 error, then the session closes 5 s later', async () => {
    const a = await openStudent(e2e.browser, e2e.server.url, 'egor');
    const b = await openStudent(e2e.browser, e2e.server.url, 'sofia');
    // B's browser never sends anything on the signalling channel: no offer, so no media ever arrives.
    await b.page.evaluate(() => {
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBufferLike | Blob | ArrayBufferView) {
        if (this.url.includes('train_zachet_verbal_chat')) return;
        send.call(this, data);
      };
    });
    await setReady(a.page);
    await b.page.getByRole('button', { name: 'Найти собеседника' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Входящий вызов' });
    await dialog.getByRole('button', { name: 'Принять' }).click();
    const failure = a.page.getByTestId('vchat-failure');
    await failure.waitFor({ timeout: 20_000 });
    expect(await failure.textContent()).toBe('Ошибка : Видео собеседника не пришло за 10 секунд Соединение будет прервано через несколько секунд');
    await screenshot(a.page, 'video-chat-no-media');
    await a.page.getByRole('button', { name: 'Найти собеседника' }).waitFor({ timeout: 15_000 });
    await b.page.getByRole('button', { name: 'Найти собеседника' }).waitFor({ timeout: 15_000 });
    await Promise.all([a.close(), b.close()]);
  });
});

describe.skipIf(!databaseUrl || !redisUrl)('video chat across two instances (PostgreSQL + Redis)', () => {
  const redisPrefix = `enot-vchat-${randomBytes(6).toString('hex')}:`;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>> | undefined;
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  let browser: Browser;

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = { WEB_DIST: E2E_WEB_DIST, DATABASE_URL: withSearchPath(databaseUrl!, schema.schema), REDIS_URL: redisUrl!, REDIS_PREFIX: redisPrefix };
    first = await startTestServer({ env });
    second = await startTestServer({ env: { ...env, DEMO_SEED: '0' } });
    browser = await launchBrowser(FAKE_MEDIA_ARGS);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.allSettled([first?.close(), second?.close()]);
    await schema?.drop();
    await dropRedisPrefix(redisUrl!, redisPrefix);
  });

  it('A on one instance and B on the other are paired, connected with moving video, and end together', async () => {
    const a = await openStudent(browser, first!.url, 'egor');
    const b = await openStudent(browser, second!.url, 'sofia');
    await callAndEnd(a, b);
    await Promise.all([a.close(), b.close()]);
  });
});
