import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_WEB_DIST, screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles the test-only harness around the real player; served by route interception, so the app ships no such page. */
async function harnessHtml(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'tests/e2e/fixtures/video-player-harness.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    splitting: false,
    jsx: 'automatic',
    outdir: '/tmp/video-harness-out',
    alias: { '@shared': join(ROOT, 'src/shared') },
    loader: { '.css': 'css', '.svg': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.filter((file) => file.path.endsWith('.js')).map((file) => file.text).join('\n');
  const css = result.outputFiles.filter((file) => file.path.endsWith('.css')).map((file) => file.text).join('\n');
  // The app's theme variables, so the harness looks like the app.
  const appCss = readdirSync(join(E2E_WEB_DIST, 'assets'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => readFileSync(join(E2E_WEB_DIST, 'assets', name), 'utf8'))
    .join('\n');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><style>${appCss}\n${css}</style></head><body><div id="root"></div><script type="module">${js.replace(/<\/script/g, '<\\/script')}</script></body></html>`;
}

describe('video stream in the browser', () => {
  let html: string;
  let videoId: number;

  const e2e = useE2e({ env: { DEMO_MEDIA: '1' } });
  beforeAll(async () => {
    await e2e.server.server.jobs.stop();
    await e2e.server.server.jobs.runDue(Date.now() + 1000);
    const row = await e2e.server.server.services.db.selectFrom('videos').select('id').where('media_status', '=', 'ready').orderBy('id').executeTakeFirstOrThrow();
    videoId = row.id;
    html = await harnessHtml();
  });

  async function signedInPage(width = 1280) {
    const opened = await e2e.openPage({ width });
    await signInThroughForm(opened.page, 'student');
    await opened.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await opened.page.route(`${e2e.server.url}/__video_harness**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    return opened;
  }

  it('plays a demo video through hls.js with cookies set by the app code, switching quality keeps the position', async () => {
    const { page, context } = await signedInPage();
    await page.goto(`/__video_harness?video=${videoId}&quality=high&autoplay=1`);
    await page.locator('[data-testid="video-player"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.muted = true;
      return video.play();
    });
    await expect.poll(() => page.evaluate(() => document.querySelector('video')!.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);

    // The cookies are scoped to the stream path and signed for this session.
    const cookies = await context.cookies(`${e2e.server.url}/app/api/videos/v_link_new.php`);
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['device', 'signature', 'ts']);
    expect(cookies.every((cookie) => cookie.path === '/app/api/videos/' && cookie.sameSite === 'Strict')).toBe(true);
    expect(await context.cookies(`${e2e.server.url}/study/`)).toEqual([]);

    // A segment fetched in-page carries them; the same link without cookies gets nothing.
    const segment = await page.evaluate(async (id) => {
      const response = await fetch(`/app/api/videos/v_link_new.php?video_id=${id}&low=1&segment=seg_00000.ts`);
      return { status: response.status, type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength };
    }, videoId);
    expect(segment).toMatchObject({ status: 200, type: 'video/mp2t' });
    expect(segment.size).toBeGreaterThan(1000);
    const bare = await fetch(`${e2e.server.url}/app/api/videos/v_link_new.php?video_id=${videoId}&low=1&segment=seg_00000.ts`);
    expect(bare.status).toBe(401);

    await page.evaluate(() => (window as unknown as { player: { handle: { current: { seek(ms: number): void } } } }).player.handle.current.seek(20_000));
    await expect.poll(() => page.evaluate(() => document.querySelector('video')!.currentTime)).toBeGreaterThan(19);

    // Low quality: the player reloads the low playlist and goes on from the same place.
    const lowRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('low=1')) lowRequests.push(request.url());
    });
    await page.evaluate(() => (window as unknown as { player: { setQuality(q: string): void } }).player.setQuality('low'));
    await page.locator('[data-testid="video-player"][data-quality="low"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.querySelector('video')!.currentTime)).toBeGreaterThan(19);
    expect(lowRequests.some((url) => url.includes('segment=seg_'))).toBe(true);
    await screenshot(page, 'video-player-light-1280');
    await context.close();
  });

  it('shows the load error with a retry for a video the student may not watch, at 390 px in the dark theme', async () => {
    const { page, context } = await signedInPage(390);
    await page.evaluate(() => localStorage.setItem('dark_theme', '1'));
    await page.goto(`/__video_harness?video=999999&quality=low`);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.getByRole('alert').getByText('Ошибка загрузки плеера').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { player: { errors: string[] } }).player.errors.length)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Попробовать ещё раз' }).waitFor();
    await screenshot(page, 'video-player-error-dark-390');
    await context.close();
  });
});
