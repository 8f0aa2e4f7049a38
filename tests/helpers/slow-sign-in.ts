import type { Browser } from 'playwright-core';
import { openPage } from './browser';

/** Chrome DevTools' "slow 4G" as the sign-in page's speed goal states it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

export interface Transfer {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

export interface SlowLoad {
  /** From navigation start to the moment the sign-in form can be submitted. */
  usableMs: number;
  firstPaintMs: number;
  /** Scripts and styles as they travelled. */
  code: Transfer[];
  allBytes: number;
  errors: string[];
}

/**
 * One cold load of /study/login on slow 4G in a new profile with the cache off. The page counts
 * as usable when the sign-in form's submit button is visible and enabled, which needs the scripts
 * to have run. Shared by the e2e (bytes on the wire) and `npm run bench:sign-in` (time).
 */
export async function loadSignInSlowly(browser: Browser, serverUrl: string): Promise<SlowLoad> {
  const { page, context, errors } = await openPage(browser, serverUrl, { width: 390, height: 844 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const responses = new Map<string, Omit<Transfer, 'bytes'>>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
    responses.set(event.requestId, { url: event.response.url, type: event.type, encoding: String(encoding) });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) transfers.push({ ...response, bytes: event.encodedDataLength });
  });

  await page.goto('/study/login', { waitUntil: 'commit' });
  // Polled in the page on every frame: the moment the form can be submitted, from navigation start.
  const usableMs = await page
    .waitForFunction(
      () => {
        const button = Array.from(document.querySelectorAll<HTMLButtonElement>('form button[type="submit"]')).find((item) => item.textContent?.trim() === 'Войти');
        return button && !button.disabled && button.offsetParent !== null ? performance.now() : null;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  const firstPaintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  await page.waitForLoadState('networkidle');
  await context.close();

  const code = transfers.filter((item) => item.type === 'Script' || item.type === 'Stylesheet');
  const allBytes = transfers.reduce((sum, item) => sum + item.bytes, 0);
  return { usableMs, firstPaintMs, code, allBytes, errors };
}

/** One line per load and one per file, for the logs of the e2e and the bench. */
export function describeLoad(load: SlowLoad): string {
  const codeBytes = load.code.reduce((sum, item) => sum + item.bytes, 0);
  return (
    `slow 4G sign-in: usable ${Math.round(load.usableMs)} ms, first paint ${Math.round(load.firstPaintMs)} ms, ` +
    `scripts and styles ${(codeBytes / 1024).toFixed(1)} KB in ${load.code.length} files, everything ${(load.allBytes / 1024).toFixed(1)} KB\n` +
    load.code.map((item) => `  ${item.encoding || 'identity'} ${(item.bytes / 1024).toFixed(1)} KB ${new URL(item.url).pathname}\n`).join('')
  );
}
