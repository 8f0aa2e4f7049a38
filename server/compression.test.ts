import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../tooling/precompress';
import { startTestServer, type TestServer } from '../tests/helpers/server';
import { compressAnswers, pickEncoding } from './compression';

/** Raw bytes and headers, without the client decoding anything. */
function rawGet(url: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(body: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('pickEncoding', () => {
  it('prefers brotli, honours q-values and the wildcard, and means identity without a header', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});

describe('precompressed web assets', () => {
  const dist = mkdtempSync(join(tmpdir(), 'enot-web-br-'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: "Задание ${index}" }`).join(',')}];\n`;
  let server: TestServer;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Енот</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'photo-abc123.png'), Buffer.alloc(4_000, 7));
    expect(await precompressFolder(dist)).toBe(1);
    server = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build step writes brotli and gzip copies of text files worth compressing only', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-abc123.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-abc123.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-abc123.js.br'))).toThrow();
    expect(() => readFileSync(join(dist, 'assets', 'photo-abc123.png.br'))).toThrow();
  });

  it('serves brotli, gzip or the plain file by Accept-Encoding, with Vary and the same caching', async () => {
    const url = server.url + '/study/assets/app-abc123.js';
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], [undefined, undefined], ['identity', undefined]] as const) {
      const reply = await rawGet(url, accept);
      expect(reply.status, String(accept)).toBe(200);
      expect(reply.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(reply.headers['vary']).toBe('Accept-Encoding');
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(reply.body, encoding)).toBe(script);
      if (encoding) expect(reply.body.length).toBeLessThan(script.length / 3);
    }
  });

  it('a file without copies goes out as it is, and the app page is compressed only once it is 1 KB', async () => {
    const tiny = await rawGet(server.url + '/study/assets/tiny-abc123.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('console.log(1)');
    const photo = await rawGet(server.url + '/study/assets/photo-abc123.png', 'br, gzip');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.body.length).toBe(4_000);
    const page = await rawGet(server.url + '/study/login', 'br, gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString()).toContain('<div id="root">');
  });
});

describe('compressAnswers middleware', () => {
  const big = { success: '1', rows: Array.from({ length: 100 }, (_, index) => ({ id: index, text: `ответ ${index}` })) };
  const app = new Hono();
  app.use(compressAnswers());
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json({ success: '1', message: '' }));
  app.get('/page', (c) => c.html(`<!doctype html><p>${'Енот '.repeat(400)}</p>`));
  app.get('/video', (c) => c.body(new Uint8Array(4_000), 206, { 'content-type': 'video/mp4', 'content-range': 'bytes 0-3999/10000' }));
  app.get('/playlist', (c) => c.body('#EXTM3U\n'.repeat(300), 200, { 'content-type': 'application/vnd.apple.mpegurl' }));
  app.get('/download', (c) => c.body(JSON.stringify(big), 200, { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="a.json"' }));

  const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('compresses JSON and HTML of 1 KB and more for a client that accepts it', async () => {
    const br = await app.request('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('application/json');
    const brBody = await bodyOf(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(JSON.parse(brotliDecompressSync(brBody).toString())).toEqual(big);
    const gz = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bodyOf(gz)).toString())).toEqual(big);
    const page = await app.request('/page', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bodyOf(page)).toString()).toContain('Енот Енот');
  });

  it('leaves small answers, clients without an encoding, ranges, media and downloads as they are', async () => {
    const small = await app.request('/small', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ success: '1', message: '' });
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
    const range = await app.request('/video', { headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-3999' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-encoding')).toBeNull();
    expect((await bodyOf(range)).length).toBe(4_000);
    for (const path of ['/playlist', '/download']) {
      const reply = await app.request(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(reply.headers.get('content-encoding'), path).toBeNull();
      expect((await bodyOf(reply)).length, path).toBeGreaterThan(1_024);
    }
  });
});
