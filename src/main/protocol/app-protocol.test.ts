import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from './app-protocol';

let root: string;
let outside: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  outside = mkdtempSync(join(tmpdir(), 'enot-protocol-'));
  root = join(outside, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  handle = createAppProtocolHandler({ rootDir: root, contentSecurityPolicy: () => "default-src 'self'" });
});
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const get = (url: string) => handle(new Request(url));

describe('app:// protocol', () => {
  it('serves built files with their type and the CSP header', async () => {
    const response = await get('app://enot/study/assets/index-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await response.text()).toBe('console.log(1)');
    expect((await get('app://enot/study/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers every client-side route with index.html', async () => {
    for (const url of ['app://enot/study/', 'app://enot/study/homework/12', 'app://enot/', 'app://enot/study/login?x=1']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(await response.text()).toContain('id="root"');
    }
  });

  it('finds the relative asset URLs of index.html loaded at a nested route', async () => {
    // The built index.html names './assets/index-abc.js' (electron-vite's base './').
    const script = await get('app://enot/study/homework/12/assets/index-abc.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
    expect((await get('app://enot/study/homework/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await get('app://enot/assets/index-abc.js')).status).toBe(200);
  });

  it('gives 404 for a missing asset instead of HTML', async () => {
    expect((await get('app://enot/study/assets/missing.js')).status).toBe(404);
    expect((await get('app://enot/study/homework/12/assets/missing.js')).status).toBe(404);
  });

  it('never reads outside the renderer folder', async () => {
    for (const url of ['app://enot/study/..%2Fsecret.txt', 'app://enot/study/%2e%2e/secret.txt', 'app://enot/study/../secret.txt']) {
      const response = await get(url);
      expect(await response.text(), url).not.toBe('secret');
    }
  });

  it('refuses other hosts and methods', async () => {
    expect((await get('app://other/study/')).status).toBe(404);
    expect((await handle(new Request('app://enot/study/', { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});
