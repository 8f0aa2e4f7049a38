import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/helpers/server';

describe('web app under /study/', () => {
  const dist = mkdtempSync(join(tmpdir(), 'enot-web-'));
  let server: TestServer;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Енот</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(dist, 'workbox-2ff6bd68.js'), 'define([], () => {})');
    server = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('redirects / to /study/ and serves index.html for client routes', async () => {
    const root = await fetch(server.url + '/', { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/study/');
    for (const path of ['/study/', '/study/login', '/study/curator/homeworks/12', '/study/no/such/page']) {
      const page = await fetch(server.url + path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('serves hashed assets with long caching and 404s missing ones', async () => {
    const asset = await fetch(server.url + '/study/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await fetch(server.url + '/study/assets/missing.js')).status).toBe(404);
    expect((await fetch(server.url + '/study/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('sends the service worker files uncached and index.html asked by name as the app page with its CSP', async () => {
    for (const path of ['/study/sw.js', '/study/workbox-2ff6bd68.js']) {
      const worker = await fetch(server.url + path);
      expect(worker.status).toBe(200);
      expect(worker.headers.get('content-type')).toContain('javascript');
      expect(worker.headers.get('cache-control')).toBe('no-cache');
    }
    // The other files at the top keep their hour.
    expect((await fetch(server.url + '/study/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
    // The worker keeps /study/index.html for offline starts: it must carry the page's headers.
    const shell = await fetch(server.url + '/study/index.html');
    expect(await shell.text()).toContain('<div id="root">');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.headers.get('content-security-policy')).toContain("worker-src 'self'");
  });

  it('never serves files outside the build folder', async () => {
    const escape = await fetch(server.url + '/study/..%2f..%2fpackage.json');
    expect(await escape.text()).not.toContain('"dependencies"');
  });

  it('answers a malformed or NUL-carrying address with 400 or 404, never a 500', async () => {
    // First prove the mounts answer at all, so the refusals below are not a dead server.
    expect((await fetch(server.url + '/study/assets/app-abc123.js')).status).toBe(200);
    const paths = [
      '/study/%',
      '/study/%zz',
      '/study/assets/%',
      '/study/assets/%E0%A4%A',
      '/study/%00',
      '/study/assets/app-abc123.js%00.html',
      // The other file-serving mounts get the same treatment.
      '/app/images/videos/%',
      '/app/images/videos/%zz.png',
      '/app/images/lessons/%',
      '/app/images/questions/%zz',
      '/app/images/books/%',
      '/questions2/%zz.png',
      '/questions2/%00.png',
      '/avatars_images/%',
      '/avatars_images/%zz/%',
      '/app/api/videos/v_link_new.php/%',
    ];
    for (const path of paths) {
      const reply = await fetch(server.url + path);
      expect([400, 404], `${path} → ${reply.status}`).toContain(reply.status);
      expect(await reply.text(), path).not.toMatch(/URIError|at \S+ \(/);
    }
    const bad = await fetch(server.url + '/study/%zz');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Неверный адрес страницы');
  });
});

describe('desktop origin', () => {
  it('lets the desktop app (app://enot) call the API and nobody else cross-origin', async () => {
    const server = await startTestServer();
    const preflight = await fetch(server.url + '/app/api/user_info/get_user_info.php', {
      method: 'OPTIONS',
      headers: { origin: 'app://enot', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-client' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('app://enot');
    const foreign = await fetch(server.url + '/app/api/user_info/get_user_info.php', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // The call itself: the desktop origin is allowed to read the answer; a same-origin call gets no CORS headers at all.
    const fromDesktop = await fetch(server.url + '/app/api/user_info/get_user_info.php', { method: 'POST', headers: { origin: 'app://enot', 'content-type': 'application/json' }, body: '{}' });
    expect(fromDesktop.headers.get('access-control-allow-origin')).toBe('app://enot');
    expect((await fromDesktop.json()).success).toBe('-1');
    const plain = await fetch(server.url + '/app/api/user_info/get_user_info.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect((await plain.json()).success).toBe('-1');
    await server.close();
  });
});
