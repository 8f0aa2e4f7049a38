import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOT_DIR = join(ROOT, 'tests', 'e2e', 'artifacts');

/** The web build the browser tests serve (E2E_WEB_DIST lets parallel runs use their own). */
export const E2E_WEB_DIST = process.env.E2E_WEB_DIST ?? join(ROOT, 'out', 'renderer');

/** Debian's chromium, driven by playwright-core (its own browser download does not work here). `extraArgs` add switches (fake media devices). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage', ...extraArgs],
  });
}

/** Chromium switches for WebRTC tests: a fake camera and microphone, granted without asking. */
export const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'] as const;

export interface BrowserUser {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh browser profile at the given width, with console errors collected. The app's service
 * worker is blocked unless `serviceWorkers: 'allow'` (tests/e2e/offline-app.test.ts): a profile per
 * test would download the whole precache each time, and `page.route` cannot see what a worker answers.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: { width?: number; height?: number; userAgent?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserUser & { errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Signs in through the local form as a real user would. */
export async function signInThroughForm(page: Page, login: string, password = 'demo'): Promise<void> {
  await page.goto('/study/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

let themeChoices = 0;

/** Picks the theme, signs in through the form and waits for the page the account lands on. */
export async function signInAs(page: Page, login: string, options: { dark?: boolean } = {}): Promise<void> {
  // The theme is stored before the app's next start, so the sign-in page loads once (an extra load
  // costs chromium about 2.5 s of CPU). The script runs once per tab: later loads keep what the
  // test itself chose.
  themeChoices += 1;
  await page.addInitScript(
    ({ dark, flag }) => {
      try {
        if (sessionStorage.getItem(flag) !== null) return;
        sessionStorage.setItem(flag, '1');
        localStorage.setItem('dark_theme', dark ? '1' : '0');
      } catch {
        // about:blank and opaque frames have no storage.
      }
    },
    { dark: options.dark ?? false, flag: `e2e-theme-${themeChoices}` },
  );
  await signInThroughForm(page, login);
  await page.waitForURL(/\/study\/(today|roadmap|lk|curator.*)$/);
}

/** Saves a screenshot under tests/e2e/artifacts (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Waits until fade-ins, transitions and smooth scrolls have ended (endless spinners do not count). */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 100, timeout: 5_000 },
  );
  // Two frames: what the last scroll or class change asked for has been painted.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** A screenshot once fade-ins and transitions have ended (endless spinners do not count). */
export async function settledScreenshot(page: Page, name: string): Promise<string> {
  await waitForSettled(page);
  return screenshot(page, name);
}
