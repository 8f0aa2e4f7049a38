import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { currentUserFromRow } from '../auth/current-user';
import { findActiveSession } from '../auth/sessions';
import { SIGNED_OUT_MESSAGE } from '../auth/signature';
import { parseBoundedJson } from '../contract/bounded-json';
import { MESSAGES } from '../contract/errors';
import type { Implementation } from '../contract/implement';
import { logCall } from '../logging/call-log';
import { failure, runCall, serviceUnavailable, withoutSigningFields, type CallResult } from '../contract/pipeline';
import { isOutage } from '../contract/unavailable';
import type { Services } from '../services';
import type { Connection } from './connection';
import { bodyObject, CLOSE_SIGNED_OUT, CLOSE_TOO_MANY, liveEnvelope } from './envelope';
import { FrameBudget, NoticeGate, RefusalBurst } from './frame-limits';

export type { Connection } from './connection';

/** Server requests are forgotten when not acknowledged within this time (shell §9). */
export const ACK_TIMEOUT_MS = 5_000;
const PING_INTERVAL_MS = 30_000;
/** Sockets are pinged in this many slices spread over the interval: 10,000 pings at once stall every push behind them. */
const PING_SLICES = 30;
/**
 * A socket with this much still unsent is not reading (a stuck tab, a dead link the kernel has not
 * noticed): it is cut off rather than let memory grow with every push; the client reconnects.
 */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Budgets of the live socket (one socket's flood of validly signed frames made other
 * students' calls take seconds, and one session could open 3,000 sockets). A session is one
 * signed-in device; ten tabs of it is already more than anyone uses. Per instance: behind a load
 * balancer each instance counts its own sockets.
 */
export const LIVE_LIMITS = {
  socketsPerSession: 10,
  /**
   * Messages one socket may send per clock second without waiting for the answers to the earlier
   * ones (an app page sends a handful at once); a message sent when nothing of its socket is
   * waiting is not counted, so a client that waits for each answer is never refused.
   */
  framesPerSecond: 50,
  /** Messages of one socket waiting for the ones before them; past it the socket is closed. */
  queuedFrames: 100,
  /** Refused frames in one burst after which the socket is closed (the sender is not listening). */
  refusedBeforeClose: 500,
} as const;

export type LiveLimits = { [K in keyof typeof LIVE_LIMITS]: number };

/** A message encoded once, sent as the same text frame to any number of sockets. */
export type Frame = Buffer;

export function encodeFrame(message: Record<string, unknown>): Frame {
  return Buffer.from(JSON.stringify(message));
}

/** A server push (no answer expected), encoded. */
export function pushFrame(method: string, body: Record<string, unknown>): Frame {
  return encodeFrame({ messageType: 'requestNoResponse', method, body });
}

/**
 * Sockets of this process, per user. Routes requests to `live` contracts through the shared
 * pipeline and delivers pushes; cross-instance delivery goes through the bus (publisher.ts).
 */
export class Hub {
  private readonly byUser = new Map<number, Set<Connection>>();
  /** Sessions end per device: closing one must not walk every socket. */
  private readonly byDevice = new Map<string, Set<Connection>>();
  private readonly methods = new Map<string, Implementation>();
  private readonly pinger: NodeJS.Timeout;
  private pingTick = 0;
  private attached = 0;
  private readonly connectListeners: Array<(connection: Connection) => void> = [];
  private readonly disconnectListeners: Array<(connection: Connection) => void> = [];

  constructor(
    private readonly services: Services,
    implementations: readonly Implementation[],
    private readonly maxBufferedBytes = MAX_BUFFERED_BYTES,
    private readonly limits: LiveLimits = LIVE_LIMITS,
  ) {
    for (const implementation of implementations) {
      if (implementation.contract.kind === 'live') this.methods.set(implementation.contract.path, implementation);
    }
    // Drop sockets whose peer vanished without a close (laptop lid, lost network).
    this.pinger = setInterval(() => {
      const slice = this.pingTick++ % PING_SLICES;
      for (const connection of this.connections()) {
        if (connection.pingSlice !== slice) continue;
        if (!connection.alive) connection.ws.terminate();
        else {
          connection.alive = false;
          connection.ws.ping();
        }
      }
    }, PING_INTERVAL_MS / PING_SLICES);
    this.pinger.unref();
  }

  /** Runs for every new connection (the shell pushes the display flags). */
  onConnect(listener: (connection: Connection) => void): void {
    this.connectListeners.push(listener);
  }

  /** Runs once when a connection goes away (after it left the indexes, so `hasUser` tells whether others remain). */
  onDisconnect(listener: (connection: Connection) => void): void {
    this.disconnectListeners.push(listener);
  }

  /** Registers a signed socket; null when its session already has its share (the socket is closed with 4429). */
  attach(ws: WebSocket, session: { device: string; userId: number }, request: { ip: string; userAgent: string }): Connection | null {
    if ((this.byDevice.get(session.device)?.size ?? 0) >= this.limits.socketsPerSession) {
      this.services.log.warn(`live socket of user=${session.userId} refused: the session already has ${this.limits.socketsPerSession} sockets`);
      ws.close(CLOSE_TOO_MANY, 'too many sockets');
      return null;
    }
    const connection: Connection = {
      id: randomUUID(),
      ws,
      userId: session.userId,
      device: session.device,
      ip: request.ip,
      userAgent: request.userAgent,
      page: null,
      alive: true,
      pingSlice: this.attached++ % PING_SLICES,
      queue: Promise.resolve(),
      queued: 0,
      frames: new FrameBudget(this.limits.framesPerSecond),
      notices: new NoticeGate(),
      refused: new RefusalBurst(),
      pending: new Map(),
    };
    addTo(this.byUser, connection.userId, connection);
    addTo(this.byDevice, connection.device, connection);
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      // Frames still arriving after the socket was closed (for flooding, say) are not read.
      if (isBinary || ws.readyState !== ws.OPEN) return;
      // Only frames sent before the earlier ones were answered count against the budget: a client
      // that waits for each answer has one message in flight, like one HTTP connection, and piles
      // up nothing; a flood is frames sent without waiting. Counted before a byte is decoded.
      if (connection.queued > 0 && !connection.frames.take(Date.now())) return this.refuseFrame(connection, data);
      if (connection.queued >= this.limits.queuedFrames) {
        this.services.log.warn(`live socket of user=${connection.userId} closed: ${connection.queued} messages waiting`);
        ws.close(CLOSE_TOO_MANY, 'too many messages');
        return;
      }
      const text = data.toString();
      connection.queued += 1;
      connection.queue = connection.queue
        .then(() => this.handleMessage(connection, text))
        .catch((error: unknown) => this.services.log.error('live message failed', error))
        .finally(() => {
          connection.queued -= 1;
        });
    });
    ws.on('close', () => this.detach(connection));
    ws.on('error', () => this.detach(connection));
    for (const listener of this.connectListeners) listener(connection);
    return connection;
  }

  /**
   * A frame past the socket's budget: dropped unread. Once a second the sender is told why (with
   * the request id, so an honest client's call fails at once instead of waiting for its timeout);
   * a burst is logged once when it starts and once with its size if the socket is closed for it.
   */
  private refuseFrame(connection: Connection, data: WebSocket.RawData): void {
    const now = Date.now();
    if (connection.refused.refuse(now)) this.services.log.warn(`live socket of user=${connection.userId} over ${this.limits.framesPerSecond} messages a second: the rest are refused`);
    if (connection.refused.count >= this.limits.refusedBeforeClose) {
      if (connection.ws.readyState === connection.ws.OPEN) {
        this.services.log.warn(`live socket of user=${connection.userId} closed: ${connection.refused.count} messages refused in one burst`);
        connection.ws.close(CLOSE_TOO_MANY, 'too many messages');
      }
      return;
    }
    if (!connection.notices.allows(now)) return;
    const parsed = parseBoundedJson(data.toString());
    const envelope = liveEnvelope.safeParse(parsed.ok ? parsed.value : undefined);
    if (envelope.success && envelope.data.messageType === 'requestWithResponse') {
      const { requestId, method } = envelope.data;
      this.sendFrame(connection, encodeFrame({ messageType: 'response', requestId, method, body: failure(429, 'invalid', MESSAGES.tooFast).body }));
    }
  }

  private detach(connection: Connection): void {
    const attached = this.byUser.get(connection.userId)?.has(connection) ?? false;
    removeFrom(this.byUser, connection.userId, connection);
    removeFrom(this.byDevice, connection.device, connection);
    for (const { timer, resolve } of connection.pending.values()) {
      clearTimeout(timer);
      resolve(false);
    }
    connection.pending.clear();
    if (attached) for (const listener of this.disconnectListeners) listener(connection);
  }

  *connections(): Iterable<Connection> {
    for (const set of this.byUser.values()) yield* set;
  }

  connectionsOf(userId: number): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Closes this instance's sockets of an ended session with 4401 (the client signs out). */
  closeDevice(device: string): void {
    for (const connection of [...(this.byDevice.get(device) ?? [])]) connection.ws.close(CLOSE_SIGNED_OUT, 'signed out');
  }

  localUserIds(): number[] {
    return [...this.byUser.keys()];
  }

  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Sends a push to every socket of the user on this instance. */
  sendLocal(userId: number, method: string, body: Record<string, unknown>): number {
    return this.broadcastLocal([userId], method, body);
  }

  /** Sends one push to every socket of these users on this instance, encoded once for all of them. */
  broadcastLocal(userIds: Iterable<number>, method: string, body: Record<string, unknown>): number {
    const frame = pushFrame(method, body);
    let sent = 0;
    for (const userId of userIds) {
      for (const connection of this.byUser.get(userId) ?? []) if (this.sendFrame(connection, frame)) sent += 1;
    }
    return sent;
  }

  /**
   * Sends an encoded message to one socket: false when it is not open, or when it was cut off for
   * not reading (see MAX_BUFFERED_BYTES).
   */
  sendFrame(connection: Connection, frame: Frame): boolean {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount > this.maxBufferedBytes) {
      this.services.log.warn(`live socket of user=${connection.userId} cut off: ${ws.bufferedAmount} bytes unsent`);
      ws.terminate();
      return false;
    }
    // A Buffer goes out as is (no per-socket copy); `binary: false` keeps it a text frame.
    ws.send(frame, { binary: false });
    return true;
  }

  /** A server request: resolves true when the client acknowledges it, false after 5 s. */
  requestLocal(connection: Connection, method: string, body: Record<string, unknown>, timeoutMs = ACK_TIMEOUT_MS): Promise<boolean> {
    const requestId = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        connection.pending.delete(requestId);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      connection.pending.set(requestId, { timer, resolve });
      if (!this.sendFrame(connection, encodeFrame({ messageType: 'requestWithResponse', requestId, method, body }))) {
        clearTimeout(timer);
        connection.pending.delete(requestId);
        resolve(false);
      }
    });
  }

  private async handleMessage(connection: Connection, text: string): Promise<void> {
    const started = performance.now();
    // The JSON limits hold for frames as for HTTP bodies: a frame nested 100,000 levels is refused unparsed.
    const parsed = parseBoundedJson(text);
    if (!parsed.ok && parsed.message) {
      this.sendFrame(connection, encodeFrame({ messageType: 'response', body: failure(400, 'invalid', parsed.message).body }));
      return;
    }
    const envelope = liveEnvelope.safeParse(parsed.ok ? parsed.value : undefined);
    if (!envelope.success) {
      this.sendFrame(connection, encodeFrame({ messageType: 'response', body: failure(400, 'invalid', 'Некорректное сообщение.').body }));
      return;
    }
    const { messageType, requestId, method = '' } = envelope.data;
    if (messageType === 'response') {
      const pending = requestId === undefined ? undefined : connection.pending.get(String(requestId));
      if (pending) {
        clearTimeout(pending.timer);
        connection.pending.delete(String(requestId));
        pending.resolve(true);
      }
      return;
    }
    // The session lookup needs the database: during an outage the request gets a 503 answer and the socket stays open.
    const result = await this.dispatch(connection, method, envelope.data.body).catch((error: unknown) => {
      if (isOutage(this.services.health, error)) return serviceUnavailable();
      throw error;
    });
    if (messageType === 'requestWithResponse') {
      this.sendFrame(connection, encodeFrame({ messageType: 'response', requestId, method, body: result.body }));
    }
    logCall(this.services.log, {
      transport: 'live',
      method: method.slice(0, 100),
      userId: this.methods.get(method)?.contract.anonymousLog ? null : connection.userId,
      durationMs: Math.round(performance.now() - started),
      outcome: result.outcome,
      status: result.status,
      code: result.body.success,
      requestId: randomUUID(),
    });
    if (result.outcome === 'unauth') connection.ws.close(CLOSE_SIGNED_OUT, 'signed out');
  }

  private async dispatch(connection: Connection, method: string, rawBody: unknown): Promise<CallResult> {
    const implementation = this.methods.get(method);
    if (!implementation) return failure(404, 'invalid', MESSAGES.unknownMethod);
    const read = bodyObject(rawBody);
    if (!read.ok) return failure(400, 'invalid', read.message);
    const body = read.body;
    // The socket was signed at connect; the session may have been revoked since, so check it per message.
    const now = this.services.clock.now();
    const found = await findActiveSession(this.services.db, connection.device, now);
    const user = found ? await currentUserFromRow(this.services.db, found.user, now) : undefined;
    if (!found || !user) return failure(401, 'unauth', SIGNED_OUT_MESSAGE, '-1');
    const { session } = found;
    return runCall(
      implementation,
      {
        services: this.services,
        user,
        session,
        request: { transport: 'live', ip: connection.ip, userAgent: connection.userAgent, connection },
      },
      withoutSigningFields(body),
    );
  }

  close(): void {
    clearInterval(this.pinger);
    for (const connection of this.connections()) connection.ws.close(1001, 'server shutdown');
  }
}

function addTo<K>(index: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = index.get(key);
  if (set) set.add(connection);
  else index.set(key, new Set([connection]));
}

function removeFrom<K>(index: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = index.get(key);
  set?.delete(connection);
  if (set && set.size === 0) index.delete(key);
}
