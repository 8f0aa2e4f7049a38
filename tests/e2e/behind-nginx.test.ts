import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, shell } from '../../src/shared/contract';
import { E2E_WEB_DIST, FAKE_MEDIA_ARGS, launchBrowser, openPage, settledScreenshot, signInAs } from '../helpers/browser';
import { TestClient, type LiveTestSocket } from '../helpers/client';
import { nginxMissing, startNginx, TEST_HOST_NAME, type RunningNginx } from '../helpers/nginx';
import { freePorts, spawnServer, type ServerProcess } from '../helpers/process';
import { createPostgresSchema, dropRedisPrefix, withSearchPath } from '../helpers/server';
import { callAndEnd, openStudent } from '../helpers/video-chat-call';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = nginxMissing() ?? (!databaseUrl || !redisUrl ? 'TEST_DATABASE_URL and TEST_REDIS_URL are not set' : undefined);
if (missing) console.warn(`behind-nginx e2e skipped: ${missing}`);

const SIGNALLING = '/go/train_zachet_verbal_chat/ws';
const WAIT = /^Слишком много неудачных попыток входа\. Попробуйте снова через \d+ секунд[уы]?\.$/;

/** The test certificate is self-signed: Chromium ignores that, `--host-resolver-rules` gives it a non-loopback name for this machine. */
const BROWSER_ARGS = [...FAKE_MEDIA_ARGS, '--ignore-certificate-errors', `--host-resolver-rules=MAP ${TEST_HOST_NAME} 127.0.0.1`];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One request to nginx, over https (trusting the test certificate, `ca`) or plain http, from a
 * chosen loopback source address (127.0.0.x) when given. Redirects are not followed.
 */
function ask(
  target: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; source?: string; ca?: string; agent?: HttpsAgent } = {},
): Promise<Answer> {
  const url = new URL(target);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.source ? { localAddress: options.source } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (response) => {
        // Decoded once whole: a chunk may end inside a multi-byte character.
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }));
      },
    );
    call.once('error', reject);
    call.end(options.body);
  });
}

/** A sign-in POST to nginx (https) from a chosen loopback source address, optionally with a made-up X-Forwarded-For. */
async function signInFrom(nginx: RunningNginx, source: string, body: Record<string, string>, forwardedFor?: string): Promise<{ success: string; message: string }> {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const answer = await ask(nginx.url + auth.localSignIn.path, { method: 'POST', body: payload, headers, source, ca: nginx.certificate });
  return JSON.parse(answer.text) as { success: string; message: string };
}

/**
 * Runs `work` with Node's own TLS clients (fetch, ws) accepting the self-signed test certificate.
 * Node 20 cannot add a trusted certificate at run time; this process talks only to this test's nginx.
 */
async function trustingTestCertificate<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  }
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
 * TRUST_PROXY=on: everything a browser does goes through nginx's TLS block (a self-signed
 * certificate made for this run), whose round-robin spreads calls and sockets over both instances;
 * its port 80 block only redirects there.
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
    // Four ports chosen together: nginx's must be known first (PUBLIC_URL) and differ from the instances'.
    const [port, tlsPort, portA, portB] = await freePorts(4);
    const env = {
      WEB_DIST: E2E_WEB_DIST,
      DATABASE_URL: withSearchPath(databaseUrl!, schema.schema),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: 'on',
      PUBLIC_URL: `https://127.0.0.1:${tlsPort}`,
    };
    // A migrates and seeds first; B finds the schema ready.
    urlA = `http://127.0.0.1:${portA}`;
    urlB = `http://127.0.0.1:${portB}`;
    a = await spawnServer({ ...env, PORT: String(portA) });
    [b, browser] = await Promise.all([spawnServer({ ...env, PORT: String(portB), DEMO_SEED: 'off' }), launchBrowser(BROWSER_ARGS)]);
    nginx = await startNginx({ port: port!, tlsPort: tlsPort!, instances: [urlA, urlB] });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await browser?.close();
    await nginx?.stop();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await schema?.drop();
    await dropRedisPrefix(redisUrl!, redisPrefix);
  });

  it('port 80 redirects every page to https (certbot\'s check excepted); https answers with HSTS', async () => {
    const redirected = await ask(`${nginx!.httpUrl}/study/login?for=curator`);
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe(`${nginx!.url}/study/login?for=curator`);
    expect(redirected.headers['strict-transport-security']).toBeUndefined();
    // certbot's http-01 check reads its token over plain http from the webroot.
    const token = await ask(`${nginx!.httpUrl}/.well-known/acme-challenge/${nginx!.acmeToken.name}`);
    expect({ status: token.status, text: token.text }).toEqual({ status: 200, text: nginx!.acmeToken.content });

    const page = await ask(`${nginx!.url}/study/login`, { ca: nginx!.certificate });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('signs in through nginx over https in Chromium (typed as http); hashed assets are cached by nginx after the first fetch', async () => {
    const { context, page, errors } = await openPage(browser!, nginx!.httpUrl);
    await signInAs(page, 'student');
    expect(new URL(page.url()).origin).toBe(nginx!.url);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const asset = await page.evaluate(() => Array.from(document.querySelectorAll('script[src]'), (script) => script.getAttribute('src')).find((src) => src?.includes('/assets/')));
    expect(asset).toMatch(/^\/study\/assets\//);
    await context.close();
    expect(errors).toEqual([]);

    const first = await ask(nginx!.url + asset!, { ca: nginx!.certificate });
    const again = await ask(nginx!.url + asset!, { ca: nginx!.certificate });
    expect(first.status).toBe(200);
    expect(again.headers['x-cache-status']).toBe('HIT');
    // The assets location has an add_header of its own: HSTS is repeated there.
    expect(again.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(again.text === first.text).toBe(true);
    // Both instances answered calls of this run: round-robin really spreads them.
    const upstreams = new Set(nginx!.accessLog().split('\n').map((line) => /upstream=(127\.0\.0\.1:\d+)/.exec(line)?.[1]).filter(Boolean));
    expect(upstreams).toEqual(new Set([new URL(urlA).host, new URL(urlB).host]));
  });

  it('a plain http address of another machine (an instance by name, no TLS) shows only the «https needed» page, at both widths and themes', async () => {
    const plain = `http://${TEST_HOST_NAME}:${new URL(urlA).port}`;
    for (const [width, dark] of [[390, false], [390, true], [1280, false], [1280, true]] as const) {
      const { context, page, errors } = await openPage(browser!, plain, { width });
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      const outsideTheApp: string[] = [];
      page.on('request', (sent) => {
        const path = new URL(sent.url()).pathname;
        if (!path.startsWith('/study/')) outsideTheApp.push(path);
      });
      await page.goto('/study/roadmap?tab=2');
      await page.getByRole('heading', { name: 'Сайт школы нужно открыть по адресу https://' }).waitFor();
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      expect(await page.getByRole('link', { name: 'Открыть по https' }).getAttribute('href')).toBe(`https://${TEST_HOST_NAME}/study/roadmap?tab=2`);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Что сделать ученику', 'Что сделать администратору школы']);
      expect(await page.title()).toBe('Нужен адрес https — Енот');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(dark ? 'dark' : 'light');
      await settledScreenshot(page, `https-insecure-${width}-${dark ? 'dark' : 'light'}`);
      await context.close();
      // Nothing of the app started: no call, no socket, no error.
      expect(outsideTheApp).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it('a socket opened through nginx (WebSocket upgrade) gets the pushes produced on either instance', async () => {
    const viaNginx = await trustingTestCertificate(() => new TestClient(nginx!.url).signIn('student'));
    const live = await trustingTestCertificate(() => viaNginx.openLive());
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
      expect((await signInFrom(nginx!, '127.0.0.2', wrong)).message).toBe('Неверный логин или пароль.');
    }
    const right = { login: 'curator', password: 'demo' };
    // The stranger's address now waits, even with the right password …
    expect((await signInFrom(nginx!, '127.0.0.2', right)).message).toMatch(WAIT);
    // … and a hop it made up itself changes nothing (nginx appends the address it saw, the server takes that one) …
    expect((await signInFrom(nginx!, '127.0.0.2', right, '198.51.100.1')).message).toMatch(WAIT);
    expect((await signInFrom(nginx!, '127.0.0.2', right, '127.0.0.3')).message).toMatch(WAIT);
    // … while the owner from another address gets in at once.
    expect(await signInFrom(nginx!, '127.0.0.3', right)).toMatchObject({ success: '1' });
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
      if (!crossed) await ask(`${nginx!.url}/study/login`, { ca: nginx!.certificate });
    }
    expect(crossed).toBe(true);
  }, 120_000);

  it('limits one client address (limit_req/limit_conn): a flood gets 429 with the Russian notice, another address is served', async () => {
    // Twenty keep-alive connections, as a busy client would have: far more requests than 50 a second plus the burst of 300.
    const agent = new HttpsAgent({ keepAlive: true, maxSockets: 20 });
    const flood = await Promise.all(Array.from({ length: 600 }, () => ask(`${nginx!.url}/healthz`, { source: '127.0.0.4', ca: nginx!.certificate, agent })));
    agent.destroy();
    const limited = flood.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(flood.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(JSON.parse(limited[0]!.text)).toEqual({ success: '0', message: 'Слишком много запросов с вашего адреса. Подождите несколько секунд и повторите.' });
    expect((await ask(`${nginx!.url}/healthz`, { source: '127.0.0.5', ca: nginx!.certificate })).status).toBe(200);
  });
});
