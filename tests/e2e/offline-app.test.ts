import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ru } from '../../src/renderer/src/i18n/ru';
import { E2E_WEB_DIST, screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/**
 * Issue 29 item 5: the browser app opens offline. Its service worker (sw.js, Workbox) keeps the app
 * shell and the screens' code after one online visit; offline the app says so and shows what the
 * device kept (the lesson road). A new version is announced and takes over on the next start.
 * The server serves a copy of the build, so the update case can change sw.js without touching the
 * build other test files serve.
 */
const WEB_COPY = mkdtempSync(join(tmpdir(), 'enot-offline-app-'));
cpSync(E2E_WEB_DIST, WEB_COPY, { recursive: true });

/** Waits until this page is run by the app's service worker (the first visit installs it; a reload is then served by it). */
async function untilWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

const isBrowserErrorPage = (page: Page) => page.evaluate(() => document.documentElement.outerHTML.includes('ERR_INTERNET_DISCONNECTED') || location.href.startsWith('chrome-error:'));

describe('the browser app offline in chromium', () => {
  const e2e = useE2e({ env: { WEB_DIST: WEB_COPY } });
  afterAll(() => rmSync(WEB_COPY, { recursive: true, force: true }));

  it('opens with the network off after one online visit, says it is offline and shows the saved lesson road', async () => {
    const { page, context, errors } = await e2e.openPage({ serviceWorkers: 'allow' });
    // The worker's own files must not be cached long; the page keeps its CSP when the worker serves it.
    const worker = await page.request.get('/study/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const shell = await page.request.get('/study/index.html');
    expect(shell.headers()['content-security-policy']).toContain("worker-src 'self'");

    await signInAs(page, 'student');
    await page.goto('/study/roadmap');
    await page.locator('.road-node[data-lesson="1"]').waitFor();
    await untilWorkerActive(page);

    await context.setOffline(true);
    await page.reload();
    expect(await isBrowserErrorPage(page)).toBe(false);
    await page.getByTestId('offline-banner').getByText(ru.shell.offlineDevice).waitFor();
    await page.getByTestId('road-saved').waitFor();
    await page.locator('.road-node[data-lesson="1"]').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await screenshot(page, 'offline-app-road-light-1280');
    for (const [dark, width] of [[true, 1280], [false, 390], [true, 390]] as const) {
      await page.evaluate((value) => localStorage.setItem('dark_theme', value ? '1' : '0'), dark);
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await page.getByTestId('road-saved').waitFor();
      await screenshot(page, `offline-app-road-${dark ? 'dark' : 'light'}-${width}`);
    }
    await page.evaluate(() => localStorage.setItem('dark_theme', '0'));
    await page.setViewportSize({ width: 1280, height: 800 });

    // A screen never opened online opens too (its code was kept): its data says there is no connection, in Russian.
    await page.goto('/study/calendar');
    expect(await isBrowserErrorPage(page)).toBe(false);
    await page.getByTestId('offline-banner').waitFor();
    await page.locator('.shell__main').getByText(ru.common.noConnection).first().waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Failed to fetch|ERR_|TypeError/);
    await screenshot(page, 'offline-app-calendar-light-1280');

    // Back online: the notice goes, the road comes from the server again.
    await context.setOffline(false);
    await page.goto('/study/roadmap');
    await page.locator('.road-node[data-lesson="1"]').waitFor();
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    expect(await page.getByTestId('road-saved').count()).toBe(0);
    expect(errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket|net::/.test(text))).toEqual([]);
    await context.close();
  });

  it('announces a new version and applies it on the next start, not in the open tab', async () => {
    const { page, context } = await e2e.openPage({ serviceWorkers: 'allow' });
    await signInAs(page, 'student');
    await page.goto('/study/roadmap');
    await page.locator('.road-node[data-lesson="1"]').waitFor();
    await untilWorkerActive(page);
    await page.reload(); // now run by the worker
    await page.locator('.road-node[data-lesson="1"]').waitFor();
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.getByTestId('app-update').count()).toBe(0);

    // A new version is deployed (a changed sw.js), and the open tab looks for updates.
    const original = readFileSync(join(WEB_COPY, 'sw.js'), 'utf8');
    appendFileSync(join(WEB_COPY, 'sw.js'), `\n// new version ${Date.now()}\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByTestId('app-update').getByText(ru.shell.appUpdate).waitFor();
      await screenshot(page, 'offline-app-update-light-1280');
      // Not applied mid-work: the tab stays with the version it started with, the new one waits.
      const state = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return { waiting: registration.waiting?.state ?? null, controller: navigator.serviceWorker.controller?.state ?? null };
      });
      expect(state).toEqual({ waiting: 'installed', controller: 'activated' });
      await page.reload();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);

      // The next start: every tab of the app closed (the new version then takes over), the app
      // opened again. Watched from a page outside the app's scope, which no worker runs.
      await page.close();
      const outside = await context.newPage();
      await outside.goto('/app/api/not-a-call');
      const worker = () =>
        outside.evaluate(async () => {
          const registration = (await navigator.serviceWorker.getRegistration('/study/'))!;
          return { waiting: registration.waiting !== null, active: registration.active?.state ?? null };
        });
      await expect.poll(worker, { timeout: 15_000 }).toEqual({ waiting: false, active: 'activated' });
      const next = await context.newPage();
      await next.goto('/study/roadmap');
      await next.locator('.road-node[data-lesson="1"]').waitFor();
      expect(await next.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
      expect(firstWorker).toMatch(/\/study\/sw\.js$/);
      expect(await next.getByTestId('app-update').count()).toBe(0);
    } finally {
      // Back to the build as it was, for any later test of this file.
      writeFileSync(join(WEB_COPY, 'sw.js'), original);
    }
    await context.close();
  });
});
