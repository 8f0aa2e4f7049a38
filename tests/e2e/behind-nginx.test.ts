import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, shell } from '../../src/shared/contract';
import { E2E_WEB_DIST, FAKE_MEDIA_ARGS, launchBrowser, openPage, signInAs } from '../helpers/browser';
import { TestClient, type LiveTestSocket } from '../helpers/client';
import { nginxMissing, startNginx, type RunningNginx } from '../helpers/nginx';
import { freePorts, spawnServer, type ServerProcess } from '../helpers/process';
import { createPostgresSchema, dropRedisPrefix, withSearchPath } from '../helpers/server';
import { callAndEnd, openStudent } from '../helpers/video-chat-call';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = nginxMissing() ?? (!databaseUrl || !redisUrl ? 'TEST_DATABASE_URL and TEST_REDIS_URL are not set' : undefined);
if (missing) console.warn(`behind-nginx e2e skipped: ${missing}`);

const SIGNALLING = '/go/train_zachet_verbal_chat/ws';
const WAIT = /^Слишком много неудачных попыток входа\. Попробуйте снова через \d+ секунд[уы]?\.$/;

/** A sign-in POST to nginx from a chosen loopback source address (127.0.0.x), optionally with a made-up X-Forwarded-For. */
function signInFrom(nginxUrl: string, source: string, body: Record<string, string>, forwardedFor?: string): Promise<{ success: string; message: string }> {
  const url = new URL(auth.localSignIn.path, nginxUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    const call = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: source, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(JSON.parse(text) as { success: string; message: string }));
    });
    call.once('error', reject);
    call.end(payload);
  });
}

/** `upstream=` of the access-log lines for `path` (nginx logs a socket when it closes). */
function upstreamsOf(log: string, path: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.includes(`"GET ${path}?`))
    .map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '');
}

/**
 * The shipped deploy/nginx.conf in front of two instances on one PostgreSQL schema and one Redis,
 * TRUST_PROXY=on: everything a browser does goes through nginx, whose round-robin spreads calls
 * and sockets over both instances.
 */
describe.skipIf(missing !== undefined)('two instances behind nginx (deploy/nginx.conf)', () => {
  const redisPrefix = `enot-nginx-${randomBytes(6).toString('hex')}:`;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>> | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  /** The instances' own addresses (their start line prints PUBLIC_URL, which is nginx's). */
  let urlA = '';
  let urlB = '';
  let nginx: RunningNginx | undefined;
  let browser: Browser | undefined;
  const sockets: LiveTestSocket[] = [];

  beforeAll(async () => {
    schema = await createPostgresSchema();
    // Three ports chosen together: nginx's must be known first (PUBLIC_URL) and differ from the instances'.
    const [port, portA, portB] = await freePorts(3);
    const env = {
      WEB_DIST: E2E_WEB_DIST,
      DATABASE_URL: withSearchPath(databaseUrl!, schema.schema),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: 'on',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    // A migrates and seeds first; B finds the schema ready.
    urlA = `http://127.0.0.1:${portA}`;
    urlB = `http://127.0.0.1:${portB}`;
    a = await spawnServer({ ...env, PORT: String(portA) });
    [b, browser] = await Promise.all([spawnServer({ ...env, PORT: String(portB), DEMO_SEED: 'off' }), launchBrowser(FAKE_MEDIA_ARGS)]);
    nginx = await startNginx({ port: port!, instances: [urlA, urlB] });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await browser?.close();
    await nginx?.stop();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await schema?.drop();
    await dropRedisPrefix(redisUrl!, redisPrefix);
  });

  it('signs in through nginx in Chromium; hashed assets are cached by nginx after the first fetch', async () => {
    const { context, page, errors } = await openPage(browser!, nginx!.url);
    await signInAs(page, 'student');
    const asset = await page.evaluate(() => Array.from(document.querySelectorAll('script[src]'), (script) => script.getAttribute('src')).find((src) => src?.includes('/assets/')));
    expect(asset).toMatch(/^\/study\/assets\//);
    await context.close();
    expect(errors).toEqual([]);

    const first = await fetch(nginx!.url + asset!);
    const again = await fetch(nginx!.url + asset!);
    expect(first.status).toBe(200);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    expect(await again.text()).toBe(await first.text());
    // Both instances answered calls of this run: round-robin really spreads them.
    const upstreams = new Set(nginx!.accessLog().split('\n').map((line) => /upstream=(127\.0\.0\.1:\d+)/.exec(line)?.[1]).filter(Boolean));
    expect(upstreams).toEqual(new Set([new URL(urlA).host, new URL(urlB).host]));
  });

  it('a socket opened through nginx (WebSocket upgrade) gets the pushes produced on either instance', async () => {
    const viaNginx = await new TestClient(nginx!.url).signIn('student');
    const live = await viaNginx.openLive();
    sockets.push(live);
    await live.waitFor((message) => message.method === shell.updateIcons.path);
    // One socket on each instance directly, to produce a change there: one of the two is the other
    // instance than the one nginx chose, so the push must cross the Redis bus to arrive.
    for (const [name, instance] of [['A', urlA], ['B', urlB]] as const) {
      const direct = await new TestClient(instance, viaNginx.session).openLive();
      sockets.push(direct);
      for (const value of ['0', '1'] as const) {
        const pushed = live.waitFor(
          (message) => message.method === shell.updateIcons.path && (message.body?.icons as Record<string, string> | undefined)?.calendar === value,
          10_000,
          false,
        );
        expect({ name, reply: await direct.request(shell.setIcons, { icons: { calendar: value } }) }).toEqual({ name, reply: {} });
        expect((await pushed).body?.icons).toMatchObject({ calendar: value });
      }
    }
  });

  it('throttles sign-in by the real client address: two addresses count apart, a made-up X-Forwarded-For resets nothing', async () => {
    const wrong = { login: 'curator', password: 'not-the-password' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signInFrom(nginx!.url, '127.0.0.2', wrong)).message).toBe('Неверный логин или пароль.');
    }
    const right = { login: 'curator', password: 'demo' };
    // The stranger's address now waits, even with the right password …
    expect((await signInFrom(nginx!.url, '127.0.0.2', right)).message).toMatch(WAIT);
    // … and a hop it made up itself changes nothing (nginx appends the address it saw, the server takes that one) …
    expect((await signInFrom(nginx!.url, '127.0.0.2', right, '198.51.100.1')).message).toMatch(WAIT);
    expect((await signInFrom(nginx!.url, '127.0.0.2', right, '127.0.0.3')).message).toMatch(WAIT);
    // … while the owner from another address gets in at once.
    expect(await signInFrom(nginx!.url, '127.0.0.3', right)).toMatchObject({ success: '1' });
  });

  it('a video-chat call through nginx: the two signalling sockets on different instances, connected with moving video', async () => {
    // Round-robin decides where each socket lands; a call is repeated until the two sides landed
    // on different instances (the access log tells, once the sockets have closed).
    let crossed = false;
    for (let attempt = 0; attempt < 4 && !crossed; attempt += 1) {
      const before = upstreamsOf(nginx!.accessLog(), SIGNALLING).length;
      const egor = await openStudent(browser!, nginx!.url, 'egor');
      const sofia = await openStudent(browser!, nginx!.url, 'sofia');
      await callAndEnd(egor, sofia);
      expect([...egor.errors, ...sofia.errors].filter((error) => !/WebSocket|ERR_/.test(error))).toEqual([]);
      await Promise.all([egor.close(), sofia.close()]);
      await expect.poll(() => upstreamsOf(nginx!.accessLog(), SIGNALLING).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
      const landed = upstreamsOf(nginx!.accessLog(), SIGNALLING).slice(before);
      crossed = new Set(landed).size === 2;
      // Shift round-robin by one request before trying again.
      if (!crossed) await fetch(`${nginx!.url}/study/login`);
    }
    expect(crossed).toBe(true);
  }, 120_000);
});
