import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preferences, shell } from '../../src/shared/contract';
import { startTestServer, type TestServer } from '../../tests/helpers/server';

describe('per-call log lines', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    server = await startTestServer({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await server.close();
    vi.restoreAllMocks();
  });

  it('name the caller, except for calls marked anonymous (feedback)', async () => {
    const socket = await (await server.signIn('student')).openLive();
    await socket.request(shell.checkSubBotTg, {});
    await socket.request(preferences.sendFeedback, { message: 'Спасибо за разбор эссе!', anonym: '1' });
    socket.close();
    const userId = (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;
    const calls = lines.flatMap((chunk) => chunk.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(calls.find((entry) => entry.method === '/users/check_sub_bot_tg')).toMatchObject({ transport: 'live', userId });
    expect(calls.find((entry) => entry.method === '/messaging/send_feedback')).toMatchObject({ transport: 'live', userId: null, outcome: 'ok' });
  });
});
