import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../server/log';
import { E2E_WEB_DIST, launchBrowser, openPage, signInThroughForm, type BrowserUser } from './browser';
import { startTestServer, type TestServer } from './server';

export interface E2eOptions {
  /** Server environment on top of the web build; a function when it needs what an earlier beforeAll started (a stand-in's URL). */
  env?: Record<string, string> | (() => Record<string, string>);
  clock?: Clock;
  /** Extra chromium switches (FAKE_MEDIA_ARGS). */
  browserArgs?: readonly string[];
}

export type OpenedPage = BrowserUser & { errors: string[] };

/** One server serving the web build and one chromium, for the tests of a describe block. */
export interface E2e {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh browser profile on the server (1280×800 unless told). */
  openPage(options?: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' }): Promise<OpenedPage>;
  /** A fresh profile signed in through the form, on the page the account lands on; phone height at width 390. */
  signedIn(login: string, options?: { width?: number; dark?: boolean }): Promise<OpenedPage>;
}

/**
 * Registers beforeAll/afterAll that start the server (web build, fresh database, demo seed) and
 * chromium, and close both. Call it inside `describe`; the server and browser are there once the
 * tests (and the hooks registered after this call) run.
 */
export function useE2e(options: E2eOptions = {}): E2e {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e ${what} is not started: use it inside tests or hooks registered after useE2e`);
    return value;
  };

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    server = await startTestServer({ env: { WEB_DIST: E2E_WEB_DIST, ...env }, clock: options.clock });
    browser = await launchBrowser(options.browserArgs);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const e2e: E2e = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    openPage: (pageOptions = {}) => openPage(e2e.browser, e2e.server.url, pageOptions),
    async signedIn(login, signOptions = {}) {
      const opened = await e2e.openPage({ width: signOptions.width, height: signOptions.width === 390 ? 844 : 800 });
      if (signOptions.dark !== undefined) await opened.context.addInitScript((dark) => localStorage.setItem('dark_theme', dark ? '1' : '0'), signOptions.dark);
      await signInThroughForm(opened.page, login);
      await opened.page.waitForURL(/\/study\/(today|roadmap|lk)/);
      return opened;
    },
  };
  return e2e;
}
