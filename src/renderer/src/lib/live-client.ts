// Relative imports (not '@shared/…'): vitest has no alias for the renderer, and both must work.
import type { BodyOf, InputOf, LiveContract, OutputOf, PushContract } from '../../../shared/contract/core';
import { onlineSocket, updateCurrentPage } from '../../../shared/contract/shell';
import { createTimestampSource, signSocketQuery, type HmacHex } from '../../../shared/signing';
import { messageForPeople } from './server-message';
import type { StoredSession } from './session';
import { isRecord } from '@shared/guards';

/**
 * Client of the live socket `/go/online/ws` (shell doc §7.3, §9; ARCHITECTURE §6).
 *
 * - Requests wait in an outbox while disconnected and go out in order once connected. A request's
 *   25 s timer starts when `request()` is called, not when it is sent: the caller waits at most 25 s
 *   however long the socket is down, and a timed-out request is dropped from the outbox so it
 *   never runs late.
 * - A request already sent when the socket drops is rejected at once ('transport'): its answer
 *   belonged to that socket and cannot arrive on the next one, and re-sending could run it twice.
 * - Reconnects: 3 attempts 7 s apart, then a 1.5 min pause ('paused'), then 3 more, and so on.
 */

export const LIVE_REPLY_TIMEOUT_MS = 25_000;
export const LIVE_RETRY_DELAY_MS = 7_000;
export const LIVE_ATTEMPTS_PER_ROUND = 3;
export const LIVE_PAUSE_MS = 90_000;
export const LIVE_TIMEOUT_MESSAGE = 'Превышено время ожидания ответа от сервера';

/** Close codes of the server (server/live/envelope.ts). */
const CLOSE_BAD_REQUEST = 4400;
const CLOSE_SIGNED_OUT = 4401;
const OPEN = 1;

export type LiveStatus = 'connecting' | 'online' | 'offline' | 'paused';

export type LiveErrorKind =
  /** The server answered with success other than '1' and '-1' (its message is shown). */
  | 'failure'
  /** '-1' or a 4401 close: the session is gone; onSignedOut was called. */
  | 'signedOut'
  /** No answer within 25 s. */
  | 'timeout'
  /** The socket dropped or the client was closed, or the answer was malformed. */
  | 'transport';

export class LiveError extends Error {
  constructor(
    readonly kind: LiveErrorKind,
    message: string,
    /** The envelope's `success` code for failures ('0', '22', …). */
    readonly code?: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** What the client needs of a WebSocket; the DOM one and the `ws` package's both fit. */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type LiveSocketConstructor = new (url: string) => LiveSocket;

export interface LiveClientOptions {
  /** The signed socket URL; `ts` is fresh for every attempt (see signedSocketUrl). */
  url: (ts: number) => Promise<string>;
  /** Called once when the server closes with 4401 or answers '-1': drop the session, go to /study/login. */
  onSignedOut: () => void;
  /** Defaults to globalThis.WebSocket. */
  WebSocketImpl?: LiveSocketConstructor;
  /** Clock for the signature `ts` (pass the API client's corrected clock when there is one). */
  now?: () => number;
}

/** `wss://host/go/online/ws?device=…&ts=…&signature=…` signed for this session (an http(s) base works too). */
export async function signedSocketUrl(baseWsUrl: string, session: StoredSession, ts: number, hmac?: HmacHex): Promise<string> {
  const query = await signSocketQuery(onlineSocket.path, session, ts, hmac);
  const url = new URL(onlineSocket.path, baseWsUrl.replace(/^http/, 'ws'));
  url.searchParams.set('device', query.device);
  url.searchParams.set('ts', String(query.ts));
  url.searchParams.set('signature', query.signature);
  return url.toString();
}

interface Pending {
  contract: LiveContract;
  resolve: (output: unknown) => void;
  reject: (error: LiveError) => void;
  timer: ReturnType<typeof setTimeout>;
  sent: boolean;
}

interface Incoming {
  messageType?: unknown;
  requestId?: unknown;
  method?: unknown;
  body?: unknown;
}

export type LiveClient = ReturnType<typeof createLiveClient>;

/** Opens the live socket at once and keeps it open until close() or a sign-out. */
export function createLiveClient(options: LiveClientOptions) {
  const WebSocketImpl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as LiveSocketConstructor);
  const nextTs = createTimestampSource(options.now);

  let socket: LiveSocket | null = null;
  let status: LiveStatus = 'connecting';
  /** Set by close() or a sign-out: nothing reconnects or sends any more. */
  let stopped: LiveError | null = null;
  /** Reconnect attempts made in the current round of 3. */
  let attempts = 0;
  let everOnline = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Identifies the latest connect(); URL signing is async, so an older one may finish late. */
  let current: object | null = null;
  let currentPage: string | null = null;
  let requestCounter = 0;

  const outbox: Array<{ frame: string; requestId?: string }> = [];
  const pending = new Map<string, Pending>();
  const pushHandlers = new Map<string, Set<(body: unknown) => void>>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  const reconnectListeners = new Set<() => void>();

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function connect(): void {
    setStatus('connecting');
    const marker = {};
    current = marker;
    options.url(nextTs()).then(
      (url) => {
        if (stopped || current !== marker) return;
        let ws: LiveSocket;
        try {
          ws = new WebSocketImpl(url);
        } catch {
          failed();
          return;
        }
        socket = ws;
        ws.onopen = () => ws === socket && opened();
        ws.onmessage = (event) => ws === socket && received(event.data);
        ws.onclose = (event) => ws === socket && closed(event.code);
        // A close event always follows an error; the close decides what happens.
        ws.onerror = () => undefined;
      },
      () => current === marker && !stopped && failed(),
    );
  }

  function opened(): void {
    attempts = 0;
    setStatus('online');
    // The server keeps the page per connection, so every (re)connect reports it again.
    if (currentPage !== null) transmit(frame('requestNoResponse', updateCurrentPage.path, { page: currentPage }));
    for (const item of outbox.splice(0)) {
      transmit(item.frame);
      if (item.requestId) pending.get(item.requestId)!.sent = true;
    }
    const reconnected = everOnline;
    everOnline = true;
    if (reconnected) for (const listener of [...reconnectListeners]) listener();
  }

  function closed(code: number): void {
    socket = null;
    if (code === CLOSE_SIGNED_OUT) return signOut();
    for (const [id, entry] of pending) {
      if (entry.sent) settle(id)?.reject(new LiveError('transport', 'Соединение с сервером прервано'));
    }
    // 4400: our signature time was refused; sign again right away (it still counts as an attempt).
    failed(code === CLOSE_BAD_REQUEST);
  }

  /** The socket is gone or never opened: plan the next attempt, or the pause after 3 failed ones. */
  function failed(immediately = false): void {
    if (stopped) return;
    clearTimeout(retryTimer);
    if (attempts >= LIVE_ATTEMPTS_PER_ROUND) {
      setStatus('paused');
      retryTimer = setTimeout(() => {
        attempts = 0;
        attempt();
      }, LIVE_PAUSE_MS);
    } else if (immediately) {
      attempt();
    } else {
      setStatus('offline');
      retryTimer = setTimeout(attempt, LIVE_RETRY_DELAY_MS);
    }
  }

  function attempt(): void {
    attempts += 1;
    connect();
  }

  function received(data: unknown): void {
    let message: Incoming;
    try {
      message = JSON.parse(typeof data === 'string' ? data : String(data)) as Incoming;
    } catch {
      console.warn('live: not JSON', data);
      return;
    }
    if (!message || typeof message !== 'object') return;
    const method = typeof message.method === 'string' ? message.method : '';
    if (message.messageType === 'response') {
      if (message.requestId !== undefined) answered(String(message.requestId), message.body);
      return;
    }
    for (const handler of [...(pushHandlers.get(method) ?? [])]) {
      try {
        handler(message.body);
      } catch (error) {
        // One broken feature must not keep the others from their push, nor the server from its ack.
        console.error(`live: handler of ${method} failed`, error);
      }
    }
    if (message.messageType === 'requestWithResponse') {
      transmit(JSON.stringify({ messageType: 'response', requestId: message.requestId, method, body: { success: '1', message: '' } }));
    }
  }

  function answered(requestId: string, rawBody: unknown): void {
    const entry = settle(requestId);
    if (!entry) return; // Timed out already, or not ours.
    const body: Record<string, unknown> = isRecord(rawBody) ? rawBody : {};
    const success = String(body.success ?? '');
    const message = String(body.message ?? '');
    if (success === '1') {
      const parsed = entry.contract.output.safeParse(body);
      if (parsed.success) entry.resolve(parsed.data);
      else entry.reject(new LiveError('transport', 'некорректный ответ сервера', success, body));
    } else if (success === '-1') {
      entry.reject(new LiveError('signedOut', message, success, body));
      signOut(message);
    } else {
      // The raw message (it may name a field, for API clients) stays in body; people get the reason only.
      entry.reject(new LiveError('failure', messageForPeople(message || 'Не удалось выполнить запрос'), success, body));
    }
  }

  /** Removes a pending request (and its unsent frame) and hands it to the caller to settle. */
  function settle(requestId: string): Pending | undefined {
    const entry = pending.get(requestId);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    pending.delete(requestId);
    const queued = outbox.findIndex((item) => item.requestId === requestId);
    if (queued >= 0) outbox.splice(queued, 1);
    return entry;
  }

  function frame(messageType: 'requestWithResponse' | 'requestNoResponse', method: string, body: unknown, requestId?: string): string {
    return JSON.stringify({ messageType, requestId, method, body });
  }

  /** Sends now when online; otherwise the frame waits in the outbox. Returns whether it went out. */
  function transmit(text: string, requestId?: string): boolean {
    if (socket && status === 'online' && socket.readyState === OPEN) {
      socket.send(text);
      return true;
    }
    outbox.push({ frame: text, requestId });
    return false;
  }

  function stop(reason: LiveError): void {
    stopped = reason;
    current = null;
    clearTimeout(retryTimer);
    if (typeof window !== 'undefined') window.removeEventListener('online', onBrowserOnline);
    const ws = socket;
    socket = null;
    if (ws) {
      // Keep no-op handlers: the `ws` package throws on an 'error' event nobody listens to.
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = () => undefined;
      ws.close(1000, 'client closed');
    }
    outbox.length = 0;
    for (const id of [...pending.keys()]) settle(id)?.reject(reason);
    setStatus('offline');
  }

  function signOut(message = 'Сессия завершена. Войдите снова.'): void {
    if (stopped) return;
    stop(new LiveError('signedOut', message, '-1'));
    options.onSignedOut();
  }

  /** The network is back: no need to wait out the 7 s or the pause. */
  function onBrowserOnline(): void {
    if (stopped || status === 'online' || status === 'connecting') return;
    clearTimeout(retryTimer);
    attempts = 0;
    attempt();
  }

  if (typeof window !== 'undefined') window.addEventListener('online', onBrowserOnline);
  connect();

  return {
    get status(): LiveStatus {
      return status;
    },

    onStatus(listener: (status: LiveStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    /** A request with a reply: the typed output on '1', a LiveError otherwise. */
    request<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
      if (stopped) return Promise.reject(stopped);
      const requestId = `r${++requestCounter}`;
      return new Promise<OutputOf<C>>((resolve, reject) => {
        const timer = setTimeout(
          () => settle(requestId)?.reject(new LiveError('timeout', LIVE_TIMEOUT_MESSAGE)),
          LIVE_REPLY_TIMEOUT_MS,
        );
        pending.set(requestId, { contract, resolve: resolve as (output: unknown) => void, reject, timer, sent: false });
        const sent = transmit(frame('requestWithResponse', contract.path, input, requestId), requestId);
        pending.get(requestId)!.sent = sent;
      });
    },

    /** A request without a reply (requestNoResponse); queued while disconnected. */
    send<C extends LiveContract>(contract: C, input: InputOf<C>): void {
      if (!stopped) transmit(frame('requestNoResponse', contract.path, input));
    },

    /** Handles a server push; bodies that do not match the contract are ignored with a warning. */
    on<P extends PushContract>(contract: P, handler: (body: BodyOf<P>) => void): () => void {
      const wrapped = (raw: unknown) => {
        const parsed = contract.body.safeParse(raw);
        if (parsed.success) handler(parsed.data as BodyOf<P>);
        else console.warn(`live: ignored an invalid ${contract.path} push`, parsed.error.issues);
      };
      if (!pushHandlers.has(contract.path)) pushHandlers.set(contract.path, new Set());
      pushHandlers.get(contract.path)!.add(wrapped);
      return () => pushHandlers.get(contract.path)?.delete(wrapped);
    },

    /** Runs after every successful reconnect (not the first connect): re-subscribe, re-request state. */
    onReconnect(listener: () => void): () => void {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },

    /** Remembers the page and reports it now and on every reconnect. */
    setCurrentPage(page: string): void {
      currentPage = page;
      if (!stopped && status === 'online') transmit(frame('requestNoResponse', updateCurrentPage.path, { page }));
    },

    /** Stops for good: no reconnects, pending and queued requests fail with 'transport'. */
    close(): void {
      if (!stopped) stop(new LiveError('transport', 'Соединение закрыто'));
    },
  };
}
