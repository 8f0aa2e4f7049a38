import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, admin, auth } from '../../src/shared/contract';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { hashPassword } from '../auth/passwords';
import { createPinoLogger } from './pino-logger';

const PASSWORD = 'Журнал-пароль-7Q4z';
const ZOOM_SECRET = 'zoomSecretValue9f8e7d6c5b4a';

describe('structured logs of a run', () => {
  let server: TestServer;
  let raw = '';
  beforeAll(async () => {
    server = await startTestServer({ log: createPinoLogger('debug', { write: (chunk: string) => void (raw += chunk) }) });
    await server.server.services.db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD) }).where('login', '=', 'admin').execute();
  });
  afterAll(() => server?.close());

  const lines = () => raw.split('\n').filter((line) => line !== '');
  const entries = () => lines().map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one JSON line per call with its request id, and no secret anywhere', async () => {
    const adminClient = await server.anonymous.signIn('admin', PASSWORD);
    const token = adminClient.session!.token;

    // A call carrying the caller's request id: the answer echoes it and its line has it.
    const signed = await adminClient.sign(account.getUserInfo.path, {});
    const response = await fetch(server.url + account.getUserInfo.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'proxy-req-42' },
      body: JSON.stringify(signed),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('proxy-req-42');
    // An unsafe id is replaced by a generated one.
    const odd = await fetch(server.url + auth.getVkIdConfig.path, { method: 'POST', headers: { 'x-request-id': 'a b"<script>' }, body: '{}' });
    const generated = odd.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    // A failing call (wrong password) and a refused one (bad input).
    expect((await server.anonymous.post(auth.localSignIn.path, { login: 'admin', password: `${PASSWORD}-wrong` })).body.success).toBe('0');
    expect((await adminClient.callRaw(account.getUserInfo, { unexpected: 'x'.repeat(5) })).status).toBeLessThan(500);

    // The Zoom app secret set over the live socket.
    const socket = await adminClient.openLive();
    await socket.request(admin.updateZoomAppData, { zoomAppData: { client_id: 'zoom-client', client_secret: ZOOM_SECRET } });
    const stored = await socket.request(admin.getZoomAppData, {});
    expect(stored.zoomAppData?.client_id).toBe('zoom-client');
    socket.close();

    const adminId = (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
    // Wait for the proof the last call's line arrived before checking what is absent.
    await expect.poll(() => entries().some((entry) => entry.method === admin.getZoomAppData.path)).toBe(true);

    const calls = entries().filter((entry) => entry.msg === 'call');
    const tagged = calls.find((entry) => entry.requestId === 'proxy-req-42');
    expect(tagged).toMatchObject({ level: 'info', transport: 'http', method: account.getUserInfo.path, userId: adminId, outcome: 'ok', status: 200, code: '1' });
    expect(typeof tagged!.durationMs).toBe('number');
    expect(calls.find((entry) => entry.requestId === generated)).toMatchObject({ method: auth.getVkIdConfig.path, userId: null });
    expect(calls.find((entry) => entry.method === auth.localSignIn.path && entry.outcome === 'fail')).toMatchObject({ code: '0', userId: null });
    expect(calls.find((entry) => entry.method === admin.updateZoomAppData.path)).toMatchObject({ transport: 'live', userId: adminId, outcome: 'ok' });

    // Every line is JSON; none holds the session token, the password, a signature or the Zoom secret.
    expect(lines().length).toBeGreaterThan(5);
    for (const line of lines()) expect(() => JSON.parse(line)).not.toThrow();
    const signature = String(signed.signature);
    expect(signature.length).toBeGreaterThan(10);
    for (const secret of [token, PASSWORD, signature, ZOOM_SECRET]) expect(raw).not.toContain(secret);
  });

  it('writes an error with its stack once, and redacts secret fields', () => {
    let out = '';
    const log = createPinoLogger('info', { write: (chunk: string) => void (out += chunk) });
    const error = Object.assign(new Error('database gone'), { code: 'ECONNRESET', config: { headers: { authorization: 'Bearer s3cr3t' } } });
    log.error('job failed', error);
    log.pino.info({ token: 'tok-123', nested: { password: 'pw-456' } }, 'fields');
    const [first, second] = out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any -- a log line of any shape
    expect(first).toMatchObject({ level: 'error', msg: 'job failed', error: { type: 'Error', message: 'database gone', code: 'ECONNRESET' } });
    expect(first!.error.stack).toContain('logs.test.ts');
    expect(out.split('database gone').length - 1).toBe(2); // the message and the stack's first line, nothing else
    expect(out).not.toContain('s3cr3t');
    expect(out).not.toContain('tok-123');
    expect(out).not.toContain('pw-456');
    expect(second).toMatchObject({ msg: 'fields', token: '[скрыто]', nested: { password: '[скрыто]' } });
  });
});
