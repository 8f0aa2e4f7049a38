import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoChat } from '../../../src/shared/contract';
import { VERBAL_CHAT_TEXTS as T } from '../../../src/shared/contract/video-chat';
import type { LiveTestSocket, TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { JSON_LIMIT_MESSAGES } from '../../contract/bounded-json';
import { CALL_TIMEOUT_MS, expireStale } from './matchmaking';
import { CLOSE_NO_SESSION, CLOSE_SESSION_ENDED } from './signalling';

type Message = Awaited<ReturnType<LiveTestSocket['waitFor']>>;
type Frame = Record<string, unknown>;
const SIGNAL_PATH = videoChat.signallingSocket.path;

/** A controllable clock: tests move it past the call timeout. */
const clock = { offset: 0, now: () => Date.now() + clock.offset };

describe.each(testDialects)('video chat matchmaking and signalling on %s', (dialect) => {
  let server: TestServer;
  const open: LiveTestSocket[] = [];
  const live = async (client: TestClient, path?: string) => {
    const socket = await client.openLive(path);
    open.push(socket);
    return socket;
  };
  const frames = (socket: LiveTestSocket) => socket.messages as unknown as Frame[];
  const frame = (socket: LiveTestSocket, match: (frame: Frame) => boolean, timeoutMs = 5_000) =>
    socket.waitFor((message: Message) => match(message as unknown as Frame), timeoutMs).then((message) => message as unknown as Frame);
  const isPush = (path: string) => (message: Message) => message.method === path;
  const ackTrainInfo = async (socket: LiveTestSocket) => {
    const request = await socket.waitFor(isPush(videoChat.updateTrainInfo.path), 5_000);
    expect(request.messageType).toBe('requestWithResponse');
    socket.send({ messageType: 'response', requestId: request.requestId, body: { success: '1', message: '' } });
    return videoChat.updateTrainInfo.body.parse(request.body).trainInfo;
  };
  const reset = async () => {
    for (const socket of open.splice(0)) socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.server.services.db.deleteFrom('verbal_chat_users').execute();
  };

  /** A (ready) and B (searching) paired, A accepted, both acknowledged the train info. */
  const connected = async () => {
    const a = await server.signIn('egor');
    const b = await server.signIn('sofia');
    const liveA = await live(a);
    const liveB = await live(b);
    await liveA.request(videoChat.setUserWant, { want: '1' });
    const called = liveA.nextPush(videoChat.call);
    await liveB.request(videoChat.start, {});
    expect((await called).body).toEqual({ userInitiator: { userFullName: 'София Павлова' } });
    await liveA.request(videoChat.callAccept, { accept: '1' });
    const [infoA, infoB] = await Promise.all([ackTrainInfo(liveA), ackTrainInfo(liveB)]);
    return { a, b, liveA, liveB, infoA, infoB };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock });
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await server.close();
  });

  it('pairs a searcher with a ready user, who accepts; roles and a real question go to both', async () => {
    await reset();
    const { liveA, liveB, infoA, infoB } = await connected();
    expect(infoA).toMatchObject({ role: 'questioner', userNameQuestioner: 'Егор Васильев', userNameAnswerer: 'София Павлова', userInitiator: { userFullName: 'София Павлова' } });
    expect(infoA.questionText.length).toBeGreaterThan(10);
    expect(infoA.questionAnswer.length).toBeGreaterThan(10);
    // The answerer gets the question but not its answer.
    expect(infoB).toMatchObject({ role: 'answerer', questionText: infoA.questionText, questionAnswer: '', sessionId: infoA.sessionId });
    const bank = await server.server.services.db.selectFrom('verbal_questions').select(['question', 'answer']).where('question', '=', infoA.questionText).executeTakeFirstOrThrow();
    expect(bank.answer).toBe(infoA.questionAnswer);
    expect(await liveB.request(videoChat.refreshTrainInfo, {})).toEqual({ state: 'connection', trainInfo: infoB, callerFullName: '', iceServers: [] });
    expect((await liveA.request(videoChat.getUserWant, {})).want).toBe('1');
  });

  it('relays offer, answer and candidates between the two peers only; garbage is refused without a crash; a third user cannot join', async () => {
    await reset();
    const { a, b, liveA, liveB } = await connected();
    const sigA = await live(a, SIGNAL_PATH);
    const sigB = await live(b, SIGNAL_PATH);
    expect(await frame(sigA, (f) => f.dataType === 'ROLE')).toEqual({ dataType: 'ROLE', data: { role: 'receiver' } });
    expect(await frame(sigB, (f) => f.dataType === 'ROLE')).toEqual({ dataType: 'ROLE', data: { role: 'initiator' } });
    await frame(sigA, (f) => f.dataType === 'READY');
    await frame(sigB, (f) => f.dataType === 'READY');
    expect(frames(sigA)).toContainEqual({ success: '30', message: T.waitingPeer });

    // A third signed-in user: refused with a notice, no frame of the session reaches it.
    const c = await server.signIn('maxim');
    const sigC = await live(c, SIGNAL_PATH);
    expect(await sigC.waitForClose()).toBe(CLOSE_NO_SESSION);
    expect(frames(sigC)).toEqual([{ success: '30', message: T.noSession }]);
    // Unsigned and forged sockets never open a channel.
    const { TestClient: Client } = await import('../../../tests/helpers/client');
    const forged = new Client(server.url, { ...c.session!, token: '0'.repeat(64) });
    expect(await (await live(forged, SIGNAL_PATH)).waitForClose()).toBe(4401);

    // Garbage: not JSON, wrong types, unknown dataType, a server-only dataType, binary, too big.
    for (const garbage of ['not json', '[]', '42', '{"dataType":"HACK","data":1}', '{"dataType":"ROLE","data":{"role":"initiator"}}', '{"dataType":"READY"}', JSON.stringify({ dataType: 'OFFER', data: 'x'.repeat(20_000) })]) {
      sigB.send(garbage);
    }
    sigB.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    // All eight are refused, and told once: at most one notice a second (issue #25 row 13).
    await expect.poll(() => frames(sigB).filter((f) => f.success === '0')).toEqual([{ success: '0', message: T.badFrame }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(frames(sigB).filter((f) => f.success === '0')).toHaveLength(1);
    // A second later, within the size cap but nested beyond the JSON limits: refused with its own message, unparsed.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    sigB.send(`{"dataType":"OFFER","data":${'['.repeat(5_000)}${']'.repeat(5_000)}}`);
    expect(await frame(sigB, (f) => f.message === JSON_LIMIT_MESSAGES.depth)).toEqual({ success: '0', message: JSON_LIMIT_MESSAGES.depth });
    expect(frames(sigA).some((f) => f.dataType === 'HACK' || f.dataType === 'OFFER' || (f.dataType === 'ROLE' && (f.data as Frame).role === 'initiator'))).toBe(false);

    // The real exchange still works after the garbage.
    const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    sigB.send({ dataType: 'OFFER', data: offer });
    expect(await frame(sigA, (f) => f.dataType === 'OFFER')).toEqual({ dataType: 'OFFER', data: offer });
    sigA.send({ dataType: 'ANSWER', data: { type: 'answer', sdp: 'v=0' } });
    expect((await frame(sigB, (f) => f.dataType === 'ANSWER')).data).toEqual({ type: 'answer', sdp: 'v=0' });
    sigA.send({ dataType: 'ICE_CANDIDATE', data: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' } });
    await frame(sigB, (f) => f.dataType === 'ICE_CANDIDATE');
    sigA.send({ dataType: 'FINISH_SEND_ICE_CANDIDATES', data: {} });
    // Never echoed back to the sender, never relayed to the third user.
    expect(frames(sigA).filter((f) => f.dataType === 'ANSWER' || f.dataType === 'ICE_CANDIDATE')).toEqual([]);

    // B ends: A is told why, both channels close, both are back to waiting.
    const told = liveA.nextPush(videoChat.callCancelByServer);
    await liveB.request(videoChat.callCancel, {});
    expect((await told).body).toEqual({ cause: T.partnerEnded });
    expect(await sigA.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    expect(await sigB.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    expect((await liveA.request(videoChat.refreshTrainInfo, {})).state).toBe('waiting');
    expect((await liveB.request(videoChat.refreshTrainInfo, {})).state).toBe('waiting');
    // A channel opened after the end is refused.
    expect(await (await live(a, SIGNAL_PATH)).waitForClose()).toBe(CLOSE_NO_SESSION);
  });

  it('answers a flood of 1,000 frames with at most one notice a second, relays only the allowed 50 a second, and stays usable', async () => {
    await reset();
    const { a, b } = await connected();
    const sigA = await live(a, SIGNAL_PATH);
    const sigB = await live(b, SIGNAL_PATH);
    await frame(sigA, (f) => f.dataType === 'READY');
    await frame(sigB, (f) => f.dataType === 'READY');
    const notices = () => frames(sigB).filter((f) => f.success === '0');
    const relayed = () => frames(sigA).filter((f) => f.dataType === 'ICE_CANDIDATE');

    const candidate = JSON.stringify({ dataType: 'ICE_CANDIDATE', data: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' } });
    const started = Date.now();
    for (let i = 0; i < 1_000; i += 1) sigB.ws.send(candidate);
    // The frames reach the server well within a second; give the answers time to come back.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 900 - Date.now())));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(notices().length).toBeGreaterThanOrEqual(1);
    expect(notices().length).toBeLessThanOrEqual(2);
    expect(notices()[0]).toEqual({ success: '0', message: T.tooBig });
    // The rate limit itself is unchanged: 50 a clock second (a flood across a second boundary gets two windows).
    expect(relayed().length).toBeGreaterThanOrEqual(50);
    expect(relayed().length).toBeLessThanOrEqual(100);

    // A second later the same socket relays again, and is told again when it misbehaves.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    sigB.send({ dataType: 'OFFER', data: offer });
    expect(await frame(sigA, (f) => f.dataType === 'OFFER')).toEqual({ dataType: 'OFFER', data: offer });
    const before = notices().length;
    sigB.send('not json');
    await expect.poll(() => notices().length).toBe(before + 1);
    expect(notices().at(-1)).toEqual({ success: '0', message: T.badFrame });
  });

  it('a rejected call ends the caller\'s search with the cause; nobody is ever paired with themselves', async () => {
    await reset();
    const a = await server.signIn('egor');
    const b = await server.signIn('sofia');
    const liveA = await live(a);
    const liveB = await live(b);
    // Ready and searching at once: no call to oneself.
    await liveA.request(videoChat.setUserWant, { want: '1' });
    await liveA.request(videoChat.start, {});
    expect((await liveA.request(videoChat.refreshTrainInfo, {})).state).toBe('searching');
    expect(liveA.messages.some(isPush(videoChat.call.path))).toBe(false);
    await liveA.request(videoChat.startCancel, {});

    const called = liveA.nextPush(videoChat.call);
    await liveB.request(videoChat.start, {});
    await called;
    expect(await liveA.request(videoChat.refreshTrainInfo, {})).toMatchObject({ state: 'call', callerFullName: 'София Павлова' });
    expect(await liveB.request(videoChat.refreshTrainInfo, {})).toMatchObject({ state: 'searching', trainInfo: { role: 'initiator' } });
    const cancelled = liveB.nextPush(videoChat.startCancelByServer);
    await liveA.request(videoChat.callAccept, { accept: '0' });
    expect((await cancelled).body).toEqual({ cause: T.calleeRejected });
    expect((await liveB.request(videoChat.refreshTrainInfo, {})).state).toBe('waiting');
    // Accepting a call that is gone is refused with a message.
    expect(await liveA.requestRaw(videoChat.callAccept.path, { accept: '1' })).toEqual({ success: '0', message: T.noCall });
  });

  it('the caller can cancel; an unanswered call times out and turns readiness off; a dropped socket cancels', async () => {
    await reset();
    const a = await server.signIn('egor');
    const b = await server.signIn('sofia');
    const liveA = await live(a);
    const liveB = await live(b);
    await liveA.request(videoChat.setUserWant, { want: '1' });
    let called = liveA.nextPush(videoChat.call);
    await liveB.request(videoChat.start, {});
    await called;
    const callerGone = liveA.nextPush(videoChat.callCancelByServer);
    await liveB.request(videoChat.startCancel, {});
    expect((await callerGone).body).toEqual({ cause: T.callerCancelled });

    called = liveA.nextPush(videoChat.call);
    await liveB.request(videoChat.start, {});
    await called;
    const missedA = liveA.nextPush(videoChat.callCancelByServer);
    const missedB = liveB.nextPush(videoChat.startCancelByServer);
    clock.offset = CALL_TIMEOUT_MS + 1_000;
    try {
      await expireStale(server.server.services);
    } finally {
      clock.offset = 0;
    }
    expect((await missedA).body).toEqual({ cause: T.missedCall });
    expect((await missedB).body).toEqual({ cause: T.calleeMissed });
    expect((await liveA.request(videoChat.getUserWant, {})).want).toBe('0');

    // A training whose peer loses the live socket ends with a message to the other.
    await liveA.request(videoChat.setUserWant, { want: '1' });
    called = liveA.nextPush(videoChat.call);
    await liveB.request(videoChat.start, {});
    await called;
    await liveA.request(videoChat.callAccept, { accept: '1' });
    await Promise.all([ackTrainInfo(liveA), ackTrainInfo(liveB)]);
    const left = liveA.nextPush(videoChat.callCancelByServer);
    liveB.close();
    expect((await left).body).toEqual({ cause: T.partnerLeft });
  });

  it('of many searchers racing for one ready user exactly one gets the call', async () => {
    await reset();
    const ready = await server.signIn('egor');
    const liveReady = await live(ready);
    await liveReady.request(videoChat.setUserWant, { want: '1' });
    const searchers = await Promise.all(['sofia', 'maxim', 'varvara', 'timofey', 'ksenia'].map(async (login) => live(await server.signIn(login))));
    await Promise.all(searchers.map((socket) => socket.request(videoChat.start, {})));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(liveReady.messages.filter(isPush(videoChat.call.path))).toHaveLength(1);
    const states = await Promise.all(searchers.map((socket) => socket.request(videoChat.refreshTrainInfo, {})));
    // The others paired among themselves (searcher with searcher) or still search; nobody is in two calls.
    const sessions = await server.server.services.db.selectFrom('verbal_chat_sessions').select(['initiator_id', 'callee_id']).where('status', '=', 'calling').execute();
    const users = sessions.flatMap((session) => [session.initiator_id, session.callee_id]);
    expect(new Set(users).size).toBe(users.length);
    expect(states.filter((state) => state.state === 'call').length + states.filter((state) => state.trainInfo?.role === 'initiator').length).toBe(users.length - 1);
  });

  it('refuses users whose type may not practise', async () => {
    const demo = await server.signIn('demo');
    const socket = await live(demo);
    expect(await socket.requestRaw(videoChat.start.path, {})).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
  });
});
