import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, shell } from '../../src/shared/contract';
import { MESSAGES } from '../../server/contract/errors';
import { LIVE_LIMITS } from '../../server/live/hub';
import { createLogger } from '../../server/log';
import type { TestClient } from '../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue 37 item 4, the live socket `/go/online/ws`: one session may not open thousands of sockets,
 * and a flood of frames on one socket (signed at connect, so every frame is "valid") is throttled
 * and cut off instead of slowing everyone else's calls or writing a log line per frame.
 */

describe.each(testDialects)('hostile live sockets on %s', (dialect) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect, log: createLogger('info', (line) => lines.push(line)) });
  });
  afterAll(() => server?.close());

  it(`keeps ${LIVE_LIMITS.socketsPerSession} sockets of one session and closes the next one with 4429; the kept ones answer`, async () => {
    const client: TestClient = await server.signIn('student');
    const kept = [];
    for (let n = 0; n < LIVE_LIMITS.socketsPerSession; n++) kept.push(await client.openLive());
    const extra = await client.openLive();
    expect(await extra.waitForClose()).toBe(4429);
    for (const socket of kept) expect(await socket.requestRaw(shell.updateCurrentPage.path, { page: '/study' })).toMatchObject({ success: '1' });
    for (const socket of kept) socket.close();
    // A closed socket frees its place (once the server has seen it go).
    const userId = (await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;
    await expect.poll(() => server.server.hub.connectionsOf(userId).length, { timeout: 10_000 }).toBe(0);
    const again = await client.openLive();
    expect(await again.requestRaw(shell.updateCurrentPage.path, { page: '/study' })).toMatchObject({ success: '1' });
    again.close();
  });

  it('throttles and closes a socket flooding 20,000 frames; another student\u2019s call answers, and the flood writes a few log lines, not one per frame', async () => {
    const flooder = await (await server.signIn('intensive')).openLive();
    const otherClient = await server.signIn('student');
    const other = await otherClient.openLive();
    const linesBefore = lines.length;
    const frame = (n: number) => JSON.stringify({ messageType: 'requestWithResponse', requestId: `f${n}`, method: shell.updateCurrentPage.path, body: { page: '/study' } });
    for (let n = 0; n < 20_000; n++) flooder.send(frame(n));

    expect(await flooder.waitForClose()).toBe(4429);
    const answered = flooder.messages.filter((message) => message.messageType === 'response');
    const refused = answered.filter((message) => message.body?.message === MESSAGES.tooFast);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // About one second's budget was handled (two across a clock second, plus the few that found the
    // socket's queue empty); the other ~19,800 never reached a handler.
    expect(answered.length - refused.length).toBeLessThanOrEqual(4 * LIVE_LIMITS.framesPerSecond);

    expect(await other.requestRaw(shell.updateCurrentPage.path, { page: '/study/training' })).toMatchObject({ success: '1' });
    expect((await otherClient.call(account.getUserInfo, {})).userInfo.user_name).toBe('Алиса');
    other.close();
    const floodLines = lines.slice(linesBefore).filter((line) => line.includes('messages a second') || line.includes('messages refused'));
    expect(floodLines.length).toBeGreaterThanOrEqual(1);
    expect(floodLines.length).toBeLessThanOrEqual(4);
    expect(lines.length - linesBefore).toBeLessThan(4 * LIVE_LIMITS.framesPerSecond);
  });
});
