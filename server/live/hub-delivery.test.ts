import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Services } from '../services';
import { Hub, LIVE_LIMITS } from './hub';

/** Just enough of a `ws` socket to see what the hub sends, pings and cuts off. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: Array<{ data: unknown; options: unknown }> = [];
  readonly send = vi.fn((data: unknown, options?: unknown) => void this.sent.push({ data, options }));
  readonly ping = vi.fn();
  readonly terminate = vi.fn(() => this.shut());
  readonly close = vi.fn(() => this.shut());

  private shut(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close');
  }
}

const warnings: string[] = [];
const services = { log: { warn: (message: string) => warnings.push(message), info: () => {}, error: () => {}, debug: () => {} } } as unknown as Services;

function connect(hub: Hub, userId: number, device = `d${userId}`): FakeSocket {
  const ws = new FakeSocket();
  hub.attach(ws as unknown as WebSocket, { userId, device }, { ip: '127.0.0.1', userAgent: 'test' });
  return ws;
}

describe('hub delivery', () => {
  let hub: Hub;
  beforeEach(() => {
    warnings.length = 0;
  });
  afterEach(() => hub.close());

  it('encodes a broadcast once and sends that same text frame to every socket of the users, and to no one else', () => {
    hub = new Hub(services, []);
    const sockets = Array.from({ length: 50 }, (_, index) => connect(hub, 1 + (index % 25), `d${index}`));
    const outsider = connect(hub, 99);
    const stringify = vi.spyOn(JSON, 'stringify');
    const sent = hub.broadcastLocal(
      Array.from({ length: 25 }, (_, index) => index + 1),
      '/app_general/update_icons',
      { icons: { calendar: '0' } },
    );
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    expect(sent).toBe(50);
    const frame = sockets[0]!.sent[0]!.data;
    expect(Buffer.isBuffer(frame)).toBe(true);
    expect(JSON.parse(String(frame))).toEqual({ messageType: 'requestNoResponse', method: '/app_general/update_icons', body: { icons: { calendar: '0' } } });
    for (const socket of sockets) {
      expect(socket.sent).toHaveLength(1);
      // The very same buffer: one encoding, no per-socket copy, and a text frame.
      expect(socket.sent[0]!.data).toBe(frame);
      expect(socket.sent[0]!.options).toEqual({ binary: false });
    }
    expect(outsider.sent).toHaveLength(0);
  });

  it('skips closed sockets and cuts off a socket that stopped reading instead of queueing more for it', () => {
    hub = new Hub(services, [], 1024);
    const reading = connect(hub, 1, 'reading');
    const stuck = connect(hub, 1, 'stuck');
    const closing = connect(hub, 1, 'closing');
    closing.readyState = 2;
    stuck.bufferedAmount = 1025;
    expect(hub.sendLocal(1, '/test/push', { n: 1 })).toBe(1);
    expect(reading.sent).toHaveLength(1);
    expect(stuck.send).not.toHaveBeenCalled();
    expect(stuck.terminate).toHaveBeenCalledTimes(1);
    expect(warnings.some((line) => line.includes('user=1') && line.includes('1025 bytes unsent'))).toBe(true);
    expect(closing.send).not.toHaveBeenCalled();
    // The cut-off socket is gone from the hub; the reading one stays.
    expect(hub.connectionsOf(1).map((connection) => connection.device).sort()).toEqual(['closing', 'reading']);
  });

  it('closes the sockets of one ended session only', () => {
    hub = new Hub(services, []);
    const first = connect(hub, 1, 'shared');
    const second = connect(hub, 1, 'shared');
    const otherDevice = connect(hub, 1, 'other');
    hub.closeDevice('shared');
    expect(first.close).toHaveBeenCalledWith(4401, 'signed out');
    expect(second.close).toHaveBeenCalledWith(4401, 'signed out');
    expect(otherDevice.close).not.toHaveBeenCalled();
    expect(hub.connectionsOf(1)).toHaveLength(1);
    expect(hub.hasUser(1)).toBe(true);
    hub.closeDevice('other');
    expect(hub.hasUser(1)).toBe(false);
  });

  it('keeps the first ten sockets of a session and closes the eleventh with 4429', () => {
    hub = new Hub(services, []);
    const sockets = Array.from({ length: LIVE_LIMITS.socketsPerSession + 1 }, () => connect(hub, 1, 'one-session'));
    expect(sockets.at(-1)!.close).toHaveBeenCalledWith(4429, 'too many sockets');
    expect(sockets.slice(0, -1).every((socket) => socket.close.mock.calls.length === 0)).toBe(true);
    expect(hub.connectionsOf(1)).toHaveLength(LIVE_LIMITS.socketsPerSession);
    // Another session of the same user has its own ten.
    expect(connect(hub, 1, 'other-session').close).not.toHaveBeenCalled();
  });

  it('closes a socket whose waiting messages pass the bound, with one log line', () => {
    hub = new Hub(services, [], 1024, { ...LIVE_LIMITS, framesPerSecond: 1_000, queuedFrames: 10 });
    const socket = connect(hub, 1);
    // Emitted in one go: none of them is handled before the next arrives.
    for (let n = 0; n < 30; n++) socket.emit('message', Buffer.from(JSON.stringify({ messageType: 'requestNoResponse', method: '/x', body: {} })), false);
    expect(socket.close).toHaveBeenCalledWith(4429, 'too many messages');
    expect(warnings.filter((line) => line.includes('messages waiting'))).toHaveLength(1);
  });

  describe('pings', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('pings every socket once per 30 s, spread over the interval, and drops one that never answered', () => {
      hub = new Hub(services, []);
      const sockets = Array.from({ length: 90 }, (_, index) => connect(hub, index + 1));
      const pinged = () => sockets.filter((socket) => socket.ping.mock.calls.length > 0).length;
      vi.advanceTimersByTime(1_000);
      expect(pinged()).toBe(3);
      vi.advanceTimersByTime(14_000);
      expect(pinged()).toBe(45);
      vi.advanceTimersByTime(15_000);
      expect(pinged()).toBe(90);
      expect(sockets.every((socket) => socket.ping.mock.calls.length === 1)).toBe(true);

      // All but the first answer; a socket's second turn comes 30 s after its first.
      for (const socket of sockets.slice(1)) socket.emit('pong');
      vi.advanceTimersByTime(30_000);
      expect(sockets[0]!.terminate).toHaveBeenCalledTimes(1);
      expect(sockets.slice(1).every((socket) => socket.ping.mock.calls.length === 2 && socket.terminate.mock.calls.length === 0)).toBe(true);
    });
  });
});
