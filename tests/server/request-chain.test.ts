import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, mailings } from '../../src/shared/contract';
import { FILE_DOWNLOAD_PATH } from '../../src/shared/contract/files';
import { signStreamCookies, STREAM_PATH } from '../../src/shared/signing';
import { createPinoLogger } from '../../server/logging/pino-logger';
import type { TestClient } from '../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue 37 item 3: one middleware chain for every route. Each route kind (a call, an upload, a
 * download, the video stream, a plain GET) writes one JSON access line with its request id and
 * the client address (the proxy's hop only with TRUST_PROXY), and the signed ones name the
 * caller; forged or unsigned uploads, downloads and streams are refused as before.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** What a client puts in X-Forwarded-For: a made-up hop on the left, the proxy's view on the right. */
const FORWARDED = '198.51.100.7, 203.0.113.9';

type Line = Record<string, unknown>;

describe.each(testDialects.flatMap((dialect) => [[dialect, false] as const, [dialect, true] as const]))('the request chain on %s (TRUST_PROXY %s)', (dialect, trustProxy) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: number;
  let raw = '';
  let serial = 0;
  const lines = (): Line[] =>
    raw
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Line);

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: trustProxy ? { TRUST_PROXY: '1' } : {}, log: createPinoLogger('info', { write: (chunk: string) => void (raw += chunk) }) });
    admin = await server.signIn('admin');
    adminId = (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(() => server?.close());

  /** Sends a request with its own request id and the forwarded header; returns the id and the response. */
  async function send(path: string, init: RequestInit = {}): Promise<{ id: string; response: Response }> {
    serial += 1;
    const id = `chain-${trustProxy ? 'p' : 'd'}-${serial}`;
    const response = await fetch(server.url + path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-request-id': id, 'x-forwarded-for': FORWARDED } });
    await response.arrayBuffer();
    expect(response.headers.get('x-request-id')).toBe(id);
    return { id, response };
  }

  /** The one access line of the request `id`, once written. */
  async function lineOf(id: string): Promise<Line> {
    await expect.poll(() => lines().filter((line) => line.requestId === id).length).toBe(1);
    return lines().find((line) => line.requestId === id)!;
  }

  const expectedIp = (line: Line) => {
    if (trustProxy) expect(line.ip).toBe('203.0.113.9');
    else expect(String(line.ip)).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  };

  it('a signed call: one call line with the caller, the request id and the client address', async () => {
    const body = JSON.stringify(await admin.sign(account.getUserInfo.path, {}));
    const { id, response } = await send(account.getUserInfo.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(200);
    const line = await lineOf(id);
    expect(line).toMatchObject({ msg: 'call', level: 'info', transport: 'http', method: account.getUserInfo.path, verb: 'POST', route: account.getUserInfo.path, status: 200, outcome: 'ok', code: '1', userId: adminId });
    expect(typeof line.durationMs).toBe('number');
    expectedIp(line);
  });

  it('an upload: its line names the caller; a forged one is refused with 401 and signed out as before', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify(await admin.sign(mailings.createImage.path, {})));
    form.append('file', new Blob([new Uint8Array(PNG)]), 'photo.png');
    const { id, response } = await send(mailings.createImage.path, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await lineOf(id)).toMatchObject({ msg: 'request', verb: 'POST', route: mailings.createImage.path, status: 200, userId: adminId });
    expectedIp(await lineOf(id));

    const forged = { ...(await admin.sign(mailings.createImage.path, {})), signature: 'ab'.repeat(32) };
    const bad = new FormData();
    bad.append('data', JSON.stringify(forged));
    bad.append('file', new Blob([new Uint8Array(PNG)]), 'photo.png');
    const refused = await fetch(server.url + mailings.createImage.path, { method: 'POST', body: bad });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { success: string }).success).toBe('-1');
  });

  it('a download: its line names the caller; an unsigned one is refused with 401 and signed out as before', async () => {
    const body = JSON.stringify(await admin.sign(FILE_DOWNLOAD_PATH, { fileName: 'нет-такого.pdf' }));
    const { id, response } = await send(FILE_DOWNLOAD_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(404);
    const line = await lineOf(id);
    expect(line).toMatchObject({ msg: 'request', route: FILE_DOWNLOAD_PATH, status: 404, userId: adminId });
    expectedIp(line);

    const unsigned = await send(FILE_DOWNLOAD_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fileName: 'x.pdf' }) });
    expect(unsigned.response.status).toBe(401);
    expect(await lineOf(unsigned.id)).toMatchObject({ status: 401, userId: null });
  });

  it('the video stream: signed cookies name the caller; a forged cookie is refused with 401', async () => {
    const cookies = await signStreamCookies(admin.session!, Date.now());
    const cookie = `device=${cookies.device}; ts=${cookies.ts}; signature=${cookies.signature}`;
    const { id, response } = await send(`${STREAM_PATH}?video_id=999999`, { headers: { cookie } });
    expect(response.status).toBe(404);
    const line = await lineOf(id);
    expect(line).toMatchObject({ msg: 'request', verb: 'GET', route: STREAM_PATH, status: 404, userId: adminId });
    expectedIp(line);

    const forged = await send(`${STREAM_PATH}?video_id=1`, { headers: { cookie: `device=${cookies.device}; ts=${cookies.ts}; signature=${'cd'.repeat(32)}` } });
    expect(forged.response.status).toBe(401);
    expect(await lineOf(forged.id)).toMatchObject({ status: 401, userId: null });
  });

  it('any other route (health, the app, a missing address) gets its line too, and the query never reaches it', async () => {
    for (const path of ['/healthz', '/study/', '/no/such/address?signature=secret-in-query']) {
      const { id } = await send(path);
      const line = await lineOf(id);
      expect(line).toMatchObject({ verb: 'GET', userId: null });
      expectedIp(line);
    }
    expect(raw).not.toContain('secret-in-query');
  });
});
