import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { push } from '../../../shared/contract/core';
import { checkSubBotTg, getIconsForHide, setIcons, updateCurrentPage, updateIcons } from '../../../shared/contract/shell';
import { computeSignature } from '../../../shared/signing';
import { createLiveClient, LiveError, signedSocketUrl, type LiveClientOptions } from './live-client';

/** A WebSocket the test drives by hand: open it, close it as the server, feed it messages. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  /** Runs (in a microtask) for every new socket: lets a test make all attempts fail or succeed. */
  static onCreate: ((socket: FakeSocket) => void) | null = null;

  readonly createdAt = Date.now();
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
    const onCreate = FakeSocket.onCreate;
    if (onCreate) queueMicrotask(() => onCreate(this));
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server (or the network) closes the socket. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  get messages(): Array<{ messageType: string; requestId?: string; method: string; body: Record<string, unknown> }> {
    return this.sent.map((text) => JSON.parse(text));
  }

  /** Answers the request this socket received for `method`. */
  reply(method: string, body: Record<string, unknown>): void {
    const request = this.messages.find((message) => message.method === method && message.messageType === 'requestWithResponse');
    if (!request) throw new Error(`no request for ${method}`);
    this.receive({ messageType: 'response', requestId: request.requestId, method, body });
  }
}

const sockets = FakeSocket.instances;
const last = () => sockets[sockets.length - 1]!;
/** Lets the async URL signing finish and the new socket get created. */
const flush = () => vi.advanceTimersByTimeAsync(0);

function makeClient(extra: Partial<LiveClientOptions> = {}) {
  const onSignedOut = vi.fn();
  const client = createLiveClient({
    url: async (ts) => `ws://enot.test/go/online/ws?ts=${ts}`,
    onSignedOut,
    WebSocketImpl: FakeSocket,
    ...extra,
  });
  return { client, onSignedOut };
}

/** A client whose first socket is open. */
async function onlineClient(extra: Partial<LiveClientOptions> = {}) {
  const made = makeClient(extra);
  await flush();
  last().open();
  return made;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets.length = 0;
  FakeSocket.onCreate = null;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('live client: requests', () => {
  it('queues requests while not connected and sends them in order once open', async () => {
    const { client } = makeClient();
    expect(client.status).toBe('connecting');
    client.setCurrentPage('/study/lk');
    const icons = client.request(getIconsForHide, {});
    client.send(updateCurrentPage, { page: '/study/quiet' });
    const sub = client.request(checkSubBotTg, {});
    await flush();
    expect(last().sent).toEqual([]);

    last().open();
    expect(client.status).toBe('online');
    expect(last().messages.map((message) => [message.messageType, message.method, message.body])).toEqual([
      // The current page goes first, then the queue in call order.
      ['requestNoResponse', updateCurrentPage.path, { page: '/study/lk' }],
      ['requestWithResponse', getIconsForHide.path, {}],
      ['requestNoResponse', updateCurrentPage.path, { page: '/study/quiet' }],
      ['requestWithResponse', checkSubBotTg.path, {}],
    ]);
    const ids = last().messages.map((message) => message.requestId).filter(Boolean);
    expect(new Set(ids).size).toBe(2);

    last().reply(checkSubBotTg.path, { success: '1', message: '', isSubscribed: '1' });
    last().reply(getIconsForHide.path, { success: '1', message: '', icons: [] });
    await expect(sub).resolves.toEqual({ isSubscribed: '1' });
    await expect(icons).resolves.toEqual({ icons: [] });
  });

  it('rejects with the server message and code when success is not 1', async () => {
    const { client, onSignedOut } = await onlineClient();
    const result = client.request(setIcons, { icons: { lk: '0' } });
    last().reply(setIcons.path, { success: '0', message: 'Эту иконку нельзя скрыть' });
    await expect(result).rejects.toMatchObject({ kind: 'failure', message: 'Эту иконку нельзя скрыть', code: '0' });
    await expect(result).rejects.toBeInstanceOf(LiveError);
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(client.status).toBe('online');
  });

  it('rejects an answer that does not match the contract as a transport error', async () => {
    const { client } = await onlineClient();
    const result = client.request(checkSubBotTg, {});
    last().reply(checkSubBotTg.path, { success: '1', message: '', isSubscribed: 'yes' });
    await expect(result).rejects.toMatchObject({ kind: 'transport' });
  });

  it("times out after 25 s with the spec's message", async () => {
    const { client } = await onlineClient();
    const result = client.request(getIconsForHide, {});
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(24_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as LiveError;
    expect(error).toBeInstanceOf(LiveError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Превышено время ожидания ответа от сервера');
    // A late answer is ignored.
    last().reply(getIconsForHide.path, { success: '1', message: '', icons: [] });
  });

  it('times out a queued request 25 s after the call and never sends it', async () => {
    const { client } = makeClient();
    await flush();
    const result = client.request(getIconsForHide, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(await result).toMatchObject({ kind: 'timeout' });
    last().open();
    expect(last().sent).toEqual([]);
  });

  it('rejects requests in flight when the socket drops, keeps the queued ones', async () => {
    const { client } = await onlineClient();
    const inFlight = client.request(getIconsForHide, {}).catch((error: unknown) => error);
    last().drop();
    const queued = client.request(checkSubBotTg, {});
    expect(await inFlight).toMatchObject({ kind: 'transport' });
    await vi.advanceTimersByTimeAsync(7_000);
    last().open();
    expect(last().messages.map((message) => message.method)).toEqual([checkSubBotTg.path]);
    last().reply(checkSubBotTg.path, { success: '1', message: '', isSubscribed: '0' });
    await expect(queued).resolves.toEqual({ isSubscribed: '0' });
  });

  it('close() rejects pending and queued requests, stops reconnecting and refuses new requests', async () => {
    const { client } = await onlineClient();
    const sent = client.request(getIconsForHide, {}).catch((error: unknown) => error);
    const socket = last();
    client.close();
    expect(await sent).toMatchObject({ kind: 'transport' });
    expect(socket.closedWith).toBe(1000);
    expect(client.status).toBe('offline');
    await expect(client.request(checkSubBotTg, {})).rejects.toMatchObject({ kind: 'transport' });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(sockets).toHaveLength(1);

    // Queued requests of a client that never connected are rejected too.
    const { client: other } = makeClient();
    const queued = other.request(checkSubBotTg, {}).catch((error: unknown) => error);
    other.close();
    expect(await queued).toMatchObject({ kind: 'transport' });
  });
});

describe('live client: pushes', () => {
  const ping = push('/test/ping', { body: z.object({ n: z.number() }), ack: true });

  it('acknowledges a server request after running its handlers', async () => {
    const { client } = await onlineClient();
    const seen: Array<[number, number]> = [];
    client.on(ping, (body) => seen.push([body.n, last().sent.length]));
    last().receive({ messageType: 'requestWithResponse', requestId: 'srv-1', method: ping.path, body: { n: 7 } });
    // The handler ran before anything was sent, then the acknowledgement went out.
    expect(seen).toEqual([[7, 0]]);
    expect(last().messages).toEqual([
      { messageType: 'response', requestId: 'srv-1', method: ping.path, body: { success: '1', message: '' } },
    ]);
    // A requestNoResponse push gets no answer.
    last().receive({ messageType: 'requestNoResponse', method: ping.path, body: { n: 8 } });
    expect(seen.map(([n]) => n)).toEqual([7, 8]);
    expect(last().sent).toHaveLength(1);
  });

  it('still acknowledges when a handler throws', async () => {
    const { client } = await onlineClient();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const next = vi.fn();
    client.on(ping, () => {
      throw new Error('broken feature');
    });
    client.on(ping, next);
    last().receive({ messageType: 'requestWithResponse', requestId: 9, method: ping.path, body: { n: 1 } });
    expect(next).toHaveBeenCalledWith({ n: 1 });
    expect(error).toHaveBeenCalled();
    expect(last().messages[0]).toMatchObject({ messageType: 'response', requestId: 9 });
  });

  it('validates push bodies and stops delivering after unsubscribe', async () => {
    const { client } = await onlineClient();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handler = vi.fn();
    const unsubscribe = client.on(updateIcons, handler);

    last().receive({ messageType: 'requestNoResponse', method: updateIcons.path, body: { icons: { lk: 'maybe' } } });
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);

    const icons = Object.fromEntries(Object.keys(updateIcons.body.shape.icons.shape).map((key) => [key, '1']));
    last().receive({ messageType: 'requestNoResponse', method: updateIcons.path, body: { icons } });
    expect(handler).toHaveBeenCalledWith({ icons });

    unsubscribe();
    last().receive({ messageType: 'requestNoResponse', method: updateIcons.path, body: { icons } });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('live client: connection', () => {
  it('reconnects 3 times 7 s apart, pauses 90 s, then tries 3 times again', async () => {
    const { client } = await onlineClient();
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    FakeSocket.onCreate = (socket) => socket.drop(1006);
    const droppedAt = Date.now();
    last().drop(1006);
    expect(client.status).toBe('offline');

    await vi.advanceTimersByTimeAsync(21_000);
    expect(client.status).toBe('paused');
    await vi.advanceTimersByTimeAsync(89_999);
    expect(sockets).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1 + 14_000);
    expect(sockets.slice(1).map((socket) => socket.createdAt - droppedAt)).toEqual([7_000, 14_000, 21_000, 111_000, 118_000, 125_000]);
    expect(client.status).toBe('paused');
    expect(statuses.slice(0, 7)).toEqual(['offline', 'connecting', 'offline', 'connecting', 'offline', 'connecting', 'paused']);
    // Each attempt is signed afresh.
    expect(new Set(sockets.map((socket) => socket.url)).size).toBe(sockets.length);

    // The next round succeeds.
    FakeSocket.onCreate = (socket) => socket.open();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(sockets).toHaveLength(8);
    expect(client.status).toBe('online');
  });

  it('counts failed attempts only since the last successful connection', async () => {
    const { client } = await onlineClient();
    FakeSocket.onCreate = (socket) => socket.drop();
    last().drop();
    await vi.advanceTimersByTimeAsync(14_000); // Two failed attempts.
    FakeSocket.onCreate = (socket) => socket.open();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(client.status).toBe('online');

    FakeSocket.onCreate = (socket) => socket.drop();
    last().drop();
    await vi.advanceTimersByTimeAsync(14_000);
    // A fresh round of 3: not paused after two more failures.
    expect(client.status).toBe('offline');
  });

  it('on 4401 calls onSignedOut once, rejects pending requests and does not reconnect', async () => {
    const { client, onSignedOut } = await onlineClient();
    const pending = client.request(getIconsForHide, {}).catch((error: unknown) => error);
    last().drop(4401);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(await pending).toMatchObject({ kind: 'signedOut' });
    expect(client.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(300_000);
    expect(sockets).toHaveLength(1);
    await expect(client.request(getIconsForHide, {})).rejects.toMatchObject({ kind: 'signedOut' });
  });

  it("signs out on a '-1' answer", async () => {
    const { client, onSignedOut } = await onlineClient();
    const result = client.request(getIconsForHide, {}).catch((error: unknown) => error);
    const socket = last();
    socket.reply(getIconsForHide.path, { success: '-1', message: 'Сессия завершена. Войдите снова.' });
    expect(await result).toMatchObject({ kind: 'signedOut', message: 'Сессия завершена. Войдите снова.' });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    // The server's 4401 close that follows changes nothing.
    socket.drop(4401);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(sockets).toHaveLength(1);
  });

  it('on 4400 signs again and reconnects at once, counting it as an attempt', async () => {
    let clock = 1_000_000;
    const { client } = makeClient({ now: () => clock });
    FakeSocket.onCreate = (socket) => socket.drop(4400);
    await flush();
    // The first socket plus three immediate re-signed attempts, then the pause.
    expect(sockets).toHaveLength(4);
    expect(sockets.every((socket) => socket.createdAt === sockets[0]!.createdAt)).toBe(true);
    expect(new Set(sockets.map((socket) => socket.url)).size).toBe(4);
    expect(client.status).toBe('paused');

    clock = 2_000_000; // E.g. the clock was corrected meanwhile.
    FakeSocket.onCreate = (socket) => socket.open();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(last().url).toContain('ts=2000000');
    expect(client.status).toBe('online');
  });

  it('re-reports the current page and calls onReconnect listeners after a reconnect', async () => {
    const { client } = makeClient();
    const reconnected = vi.fn(() => client.send(updateCurrentPage, { page: 'from-listener' }));
    const removed = vi.fn();
    client.onReconnect(reconnected);
    client.onReconnect(removed)();
    await flush();
    last().open();
    expect(reconnected).not.toHaveBeenCalled(); // Not on the first connect.

    client.setCurrentPage('/study/roadmap');
    expect(last().messages).toEqual([{ messageType: 'requestNoResponse', method: updateCurrentPage.path, body: { page: '/study/roadmap' } }]);

    last().drop();
    client.setCurrentPage('/study/lk'); // Changed while offline: only the latest is reported.
    await vi.advanceTimersByTimeAsync(7_000);
    last().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(last().messages.map((message) => message.body)).toEqual([{ page: '/study/lk' }, { page: 'from-listener' }]);
  });

  it("reconnects at once when the browser goes back 'online'", async () => {
    const fakeWindow = new EventTarget();
    vi.stubGlobal('window', fakeWindow);
    const { client } = await onlineClient();
    FakeSocket.onCreate = (socket) => socket.drop();
    last().drop();
    await vi.advanceTimersByTimeAsync(21_000);
    expect(client.status).toBe('paused');

    FakeSocket.onCreate = (socket) => socket.open();
    fakeWindow.dispatchEvent(new Event('online'));
    await flush();
    expect(client.status).toBe('online');
    expect(sockets).toHaveLength(5);

    client.close();
    fakeWindow.dispatchEvent(new Event('online'));
    await flush();
    expect(sockets).toHaveLength(5);
  });

  it('retries when signing the URL fails', async () => {
    let failing = true;
    const { client } = makeClient({
      url: async (ts) => {
        if (failing) throw new Error('no session');
        return `ws://enot.test/go/online/ws?ts=${ts}`;
      },
    });
    await flush();
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('offline');
    failing = false;
    FakeSocket.onCreate = (socket) => socket.open();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(client.status).toBe('online');
  });
});

describe('signedSocketUrl', () => {
  it('signs {device, ts} for /go/online/ws into the query', async () => {
    const session = { token: 'secret-token', device: 'dev-1' };
    const url = new URL(await signedSocketUrl('wss://enot.example', session, 1234));
    expect(url.origin + url.pathname).toBe('wss://enot.example/go/online/ws');
    expect(url.searchParams.get('device')).toBe('dev-1');
    expect(url.searchParams.get('ts')).toBe('1234');
    expect(url.searchParams.get('signature')).toBe(
      await computeSignature('/go/online/ws', { device: 'dev-1', ts: 1234 }, 'secret-token'),
    );
    expect(await signedSocketUrl('http://127.0.0.1:3000', session, 1)).toMatch(/^ws:\/\/127\.0\.0\.1:3000\/go\/online\/ws\?/);
    // A base that already ends with the socket path is not doubled.
    expect(await signedSocketUrl('ws://127.0.0.1:3000/go/online/ws', session, 1)).toMatch(/^ws:\/\/127\.0\.0\.1:3000\/go\/online\/ws\?device=/);
  });
});
