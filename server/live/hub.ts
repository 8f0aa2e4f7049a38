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
import { bodyObject, CLOSE_SIGNED_OUT, liveEnvelope } from './envelope';

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

  attach(ws: WebSocket, session: { device: string; userId: number }, request: { ip: string; userAgent: string }): Connection {
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
      pending: new Map(),
    };
    addTo(this.byUser, connection.userId, connection);
    addTo(this.byDevice, connection.device, connection);
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      connection.queue = connection.queue
        .then(() => this.handleMessage(connection, text))
        .catch((error: unknown) => this.services.log.error('live message failed', error));
    });
    ws.on('close', () => this.detach(connection));
    ws.on('error', () => this.detach(connection));
    for (const listener of this.connectListeners) listener(connection);
    return connection;
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
