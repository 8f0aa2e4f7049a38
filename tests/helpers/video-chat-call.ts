import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { VERBAL_CHAT_TEXTS as T } from '../../src/shared/contract/video-chat';
import { openPage, screenshot, signInAs } from './browser';

/** A video-chat call between two Chromium profiles, as tests/e2e/video-chat and behind-nginx make it. */
export const VIDEO_CHAT_PATH = '/study/trains/trains_verbal_players';

export interface Student {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/** A phone's browser (shell §5 judges "mobile" by the user-agent). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export async function openStudent(
  browser: Browser,
  baseUrl: string,
  login: string,
  options: { dark?: boolean; width?: number; userAgent?: string; beforeSignIn?: (page: Page) => Promise<void> } = {},
): Promise<Student> {
  const { context, page, errors } = await openPage(browser, baseUrl, { width: options.width, userAgent: options.userAgent });
  await options.beforeSignIn?.(page);
  await signInAs(page, login, { dark: options.dark });
  await page.goto(VIDEO_CHAT_PATH);
  await page.getByRole('heading', { level: 1, name: 'Видеочат' }).waitFor();
  // The device check passes with Chromium's fake camera and microphone; a phone skips it.
  if (options.userAgent === PHONE_USER_AGENT) await page.getByTestId('probe-skipped').waitFor();
  else await page.getByTestId('probe-camera').filter({ hasText: 'доступно' }).waitFor();
  return { page, errors, close: () => context.close() };
}

/** Turns readiness on (it is kept on the server between visits). */
export async function setReady(page: Page): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Принимать входящие вызовы' });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
}

/** The remote video plays real frames: a size and a clock that moves. */
export async function expectRemoteVideoPlays(page: Page): Promise<void> {
  const video = page.getByTestId('remote-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(first + 0.3);
}

/** A ready, B starts, A accepts in the incoming-call window: both connected with live video, then B ends. */
export async function callAndEnd(a: Student, b: Student, shots?: string): Promise<void> {
  await setReady(a.page);
  await b.page.getByRole('button', { name: 'Найти собеседника' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Входящий вызов' });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByTestId('caller-name').textContent()).toBe('София Павлова');
  if (shots) await screenshot(a.page, `${shots}-incoming`);
  await dialog.getByRole('button', { name: 'Принять' }).click();
  for (const { page } of [a, b]) {
    await expect.poll(() => page.getByTestId('connection-label').textContent(), { timeout: 20_000 }).toContain('подключено');
    await expectRemoteVideoPlays(page);
  }
  await expect.poll(() => a.page.getByText('Вы задаёте вопрос').count()).toBe(1);
  await expect.poll(() => b.page.getByText('Вы отвечаете на вопрос').count()).toBe(1);
  if (shots) {
    await screenshot(a.page, `${shots}-questioner`);
    await screenshot(b.page, `${shots}-answerer`);
  }
  await b.page.getByRole('button', { name: 'Завершить тренировку' }).click();
  await expect.poll(() => b.page.getByTestId('vchat-notice').textContent()).toBe('Тренировка завершена');
  await expect.poll(() => a.page.getByTestId('vchat-notice').textContent()).toBe(T.partnerEnded);
  for (const { page } of [a, b]) await page.getByRole('button', { name: 'Найти собеседника' }).waitFor();
}
