import { WebSocket } from 'ws';
import { auth } from '../../src/shared/contract';
import type { CallContract, InputOf, OutputOf, PushContract } from '../../src/shared/contract/core';
import { createTimestampSource, signPayload, signSocketQuery } from '../../src/shared/signing';

export interface Session {
  token: string;
  device: string;
  userType: string;
}

export interface RawReply {
  status: number;
  body: Record<string, unknown> & { success: string; message: string };
}

/** Talks to a test server the way the renderer does: signed JSON POSTs and the live socket. */
export class TestClient {
  private readonly nextTs = createTimestampSource();

  constructor(
    readonly baseUrl: string,
    readonly session?: Session,
  ) {}

  /** Posts a payload exactly as given (no signing): for tampering tests. */
  async post(path: string, payload: unknown, headers: Record<string, string> = {}): Promise<RawReply> {
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': 'enot-tests', ...headers },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: response.status, body: (await response.json()) as RawReply['body'] };
  }

  /** The signed payload the client would send (device, ts, signature added). */
  async sign(path: string, input: Record<string, unknown>, ts = this.nextTs()): Promise<Record<string, unknown>> {
    if (!this.session) throw new Error('not signed in');
    return signPayload(path, input, this.session, ts);
  }

  /** Calls an HTTP contract, signed when this client has a session. */
  async callRaw(contract: CallContract, input: Record<string, unknown>): Promise<RawReply> {
    const payload = this.session ? await this.sign(contract.path, input) : input;
    return this.post(contract.path, payload);
  }

  /** Calls an HTTP contract, expects success '1' and parses the reply with the contract's own schema. */
  async call<C extends CallContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
    const reply = await this.callRaw(contract, input as Record<string, unknown>);
    if (reply.body.success !== '1') {
      throw new Error(`${contract.path} answered ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return contract.output.parse(reply.body) as OutputOf<C>;
  }

  /** A multipart upload as the back office sends it: `data` (signed for `path`) first unless told, then `file`. */
  async upload(path: string, data: Record<string, unknown>, file: Buffer | null, name = 'file.bin', dataFirst = true): Promise<RawReply> {
    const form = new FormData();
    const signed = JSON.stringify(await this.sign(path, data));
    if (dataFirst) form.append('data', signed);
    if (file) form.append('file', new Blob([new Uint8Array(file)]), name);
    if (!dataFirst) form.append('data', signed);
    const response = await fetch(this.baseUrl + path, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as RawReply['body'] };
  }

  async signIn(login: string, password = 'demo'): Promise<TestClient> {
    const reply = await this.post(auth.localSignIn.path, { login, password });
    if (reply.body.success !== '1') throw new Error(`sign-in ${login} failed: ${reply.body.message}`);
    const { token, device, userType } = reply.body as unknown as Session;
    return new TestClient(this.baseUrl, { token, device, userType });
  }

  /** Opens the live socket signed for this session. */
  async openLive(path = '/go/online/ws'): Promise<LiveTestSocket> {
    if (!this.session) throw new Error('not signed in');
    const query = await signSocketQuery(path, this.session, this.nextTs());
    const url = new URL(path, this.baseUrl.replace(/^http/, 'ws'));
    url.searchParams.set('device', query.device);
    url.searchParams.set('ts', String(query.ts));
    url.searchParams.set('signature', query.signature);
    return LiveTestSocket.open(url.toString());
  }
}

interface LiveMessage {
  messageType: string;
  requestId?: string | number;
  method?: string;
  body?: Record<string, unknown>;
}

/** A live socket with typed request/response and a record of every push received. */
export class LiveTestSocket {
  readonly messages: LiveMessage[] = [];
  private waiters: Array<{ match: (message: LiveMessage) => boolean; resolve: (message: LiveMessage) => void }> = [];
  private counter = 0;
  closeCode: number | undefined;
  private closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
  }

  static open(url: string): Promise<LiveTestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const socket = new LiveTestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /** Resolves with the close code (the server closes refused sockets with 4401 / 4400). */
  waitForClose(): Promise<number> {
    return this.closed;
  }

  /** The next (or an already received, unconsumed-by-filter) message matching. */
  waitFor(match: (message: LiveMessage) => boolean, timeoutMs = 5_000, includePast = true): Promise<LiveMessage> {
    if (includePast) {
      const past = this.messages.find(match);
      if (past) return Promise.resolve(past);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching live message in time')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  /** Waits for a push of this contract that arrives after the call. */
  nextPush<P extends PushContract>(contract: P, timeoutMs = 5_000) {
    return this.waitFor((message) => message.method === contract.path, timeoutMs, false);
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends a requestWithResponse and resolves with the response body. */
  async requestRaw(method: string, body: unknown): Promise<Record<string, unknown> & { success: string; message: string }> {
    const requestId = `t${++this.counter}`;
    const reply = this.waitFor((message) => message.messageType === 'response' && message.requestId === requestId, 5_000, false);
    this.send({ messageType: 'requestWithResponse', requestId, method, body });
    return (await reply).body as Record<string, unknown> & { success: string; message: string };
  }

  async request<C extends CallContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
    const body = await this.requestRaw(contract.path, input);
    if (body.success !== '1') throw new Error(`${contract.path} answered ${JSON.stringify(body)}`);
    return contract.output.parse(body) as OutputOf<C>;
  }

  close(): void {
    this.ws.close();
  }
}
