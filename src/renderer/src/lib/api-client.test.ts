import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '@shared/contract/account';
import { localSignIn } from '@shared/contract/auth';
import { canonicalForm } from '@shared/signing';
import { ApiError, createApiClient, type ApiClientOptions } from './api-client';

const session = { token: 't'.repeat(64), device: 'dev-1' };

function client(reply: (url: string, body: Record<string, unknown>) => Response | Promise<Response>, overrides: Partial<ApiClientOptions> = {}) {
  const calls: Array<{ url: string; body: Record<string, unknown>; headers: Headers }> = [];
  const onSignedOut = vi.fn();
  const notify = vi.fn();
  const api = createApiClient({
    baseUrl: () => 'https://enot.example',
    session: () => session,
    onSignedOut,
    notify,
    clientName: 'enot-web',
    now: () => 1_700_000_000_000,
    fetch: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      calls.push({ url: String(input), body, headers: new Headers(init?.headers) });
      return reply(String(input), body);
    },
    ...overrides,
  });
  return { api, calls, onSignedOut, notify };
}

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('signs a call the way the server checks it and names the client', async () => {
    const { api, calls } = client(() => json({ success: '1', message: '', variablesStr: {} }));
    const { getVariablesStr } = await import('@shared/contract/shell');
    await api.call(getVariablesStr, { variableNames: ['AVATAR_INFO'] });
    const [call] = calls;
    expect(call!.url).toBe('https://enot.example/app/api/user_info/get_variables_str.php');
    expect(call!.headers.get('x-client')).toBe('enot-web');
    expect(call!.body).toMatchObject({ variableNames: ['AVATAR_INFO'], device: 'dev-1', ts: 1_700_000_000_000 });
    const expected = createHmac('sha256', session.token).update(canonicalForm(getVariablesStr.path, call!.body)).digest('hex');
    expect(call!.body.signature).toBe(expected);
  });

  it('does not sign public calls', async () => {
    const { api, calls } = client(() => json({ success: '1', message: '', token: 'x', device: 'y', userType: 'Ученик', landing: '/study/roadmap' }));
    await api.call(localSignIn, { login: 'student', password: 'demo' });
    expect(calls[0]!.body).toEqual({ login: 'student', password: 'demo' });
  });

  it("answers '-1' by signing out and throwing", async () => {
    const { api, onSignedOut } = client(() => json({ success: '-1', message: 'Сессия завершена. Войдите снова.' }, 401));
    const error = await api.call(getUserInfo, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('signedOut');
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it("throws the server's message for '0' and keeps other codes", async () => {
    const { api, notify } = client(() => json({ success: '22', message: 'Открыто на другом устройстве' }));
    const error = (await api.call(getUserInfo, {}).catch((caught: unknown) => caught)) as ApiError;
    expect([error.kind, error.code, error.message]).toEqual(['failure', '22', 'Открыто на другом устройстве']);
    expect(notify).not.toHaveBeenCalled();
  });

  it("alerts 'Ошибка {url} {reason}' on a transport failure unless the caller handles it", async () => {
    const { api, notify } = client(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.call(getUserInfo, {})).rejects.toMatchObject({ kind: 'transport' });
    expect(notify).toHaveBeenCalledWith('Ошибка /app/api/user_info/get_user_info.php нет связи с сервером');
    await expect(api.call(getUserInfo, {}, { handleErrors: true })).rejects.toMatchObject({ kind: 'transport' });
    expect(notify).toHaveBeenCalledOnce();
  });

  it('treats a non-JSON answer and an answer that breaks the contract as transport errors', async () => {
    const html = client(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(html.api.call(getUserInfo, {}, { handleErrors: true })).rejects.toMatchObject({ kind: 'transport', message: 'HTTP 502' });
    const broken = client(() => json({ success: '1', message: '', userInfo: { user_name: 5 } }));
    await expect(broken.api.call(getUserInfo, {}, { handleErrors: true })).rejects.toMatchObject({ kind: 'transport' });
  });

  it("adopts the server's clock once when its own is off and retries with a fresh signature", async () => {
    let first = true;
    const { api, calls } = client(() => {
      if (first) {
        first = false;
        return json({ success: '0', message: 'часы', serverTime: 1_700_000_600_000 }, 400);
      }
      return json({ success: '1', message: '', variablesStr: {} });
    });
    const { getVariablesStr } = await import('@shared/contract/shell');
    await api.call(getVariablesStr, { variableNames: ['AVATAR_INFO'] });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.ts).toBeGreaterThanOrEqual(1_700_000_600_000);
    expect(calls[1]!.body.signature).not.toBe(calls[0]!.body.signature);
  });
});
