import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the Telegram Bot API (sendMessage, sendPhoto) and the VK API (messages.send)
 * for tests: point TELEGRAM_API_URL / VK_API_URL at `url`. They record every message on arrival
 * (before answering), can answer 429 with retry_after, refuse a blocked chat, and can hold an
 * answer so a test can kill the sender while a message is in flight.
 */
export interface ReceivedMessage {
  method: string;
  chatId: string;
  text: string;
  photoBytes: number;
  at: number;
}

export interface MessengerStandIn {
  url: string;
  received: ReceivedMessage[];
  /** Chats that blocked the bot (403). */
  blocked: Set<string>;
  /** The next `times` messages get 429 with this retry_after (seconds). */
  rateLimit(times: number, retryAfterSeconds: number): void;
  /** Times a 429 was answered, with when. */
  limited: number[];
  /** Answers for messages after the `count`-th are held until release() (the messages are recorded). */
  holdAfter(count: number): void;
  release(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The fields of a multipart body (sendPhoto), files as their byte length. */
function multipartFields(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  const marker = `--${boundary[1] ?? boundary[2]}`;
  for (const part of body.toString('latin1').split(marker)) {
    const name = /name="([^"]+)"/.exec(part)?.[1];
    const split = part.indexOf('\r\n\r\n');
    if (!name || split < 0) continue;
    const raw = part.slice(split + 4).replace(/\r\n$/, '');
    fields[name] = /filename="/.test(part.slice(0, split)) ? String(Buffer.from(raw, 'latin1').length) : Buffer.from(raw, 'latin1').toString('utf8');
  }
  return fields;
}

async function startStandIn(handle: (request: IncomingMessage, body: Buffer, state: StandInState) => { status: number; json: unknown; message?: ReceivedMessage }): Promise<MessengerStandIn> {
  const state: StandInState = { received: [], blocked: new Set(), limitTimes: 0, retryAfter: 1, limited: [], holdAfter: Infinity, held: [] };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const answer = handle(request, body, state);
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.json));
      };
      if (answer.message) state.received.push(answer.message);
      if (answer.message && state.received.length > state.holdAfter) state.held.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: state.received,
    blocked: state.blocked,
    limited: state.limited,
    rateLimit(times, retryAfterSeconds) {
      state.limitTimes = times;
      state.retryAfter = retryAfterSeconds;
    },
    holdAfter(count) {
      state.holdAfter = count;
    },
    release() {
      state.holdAfter = Infinity;
      for (const send of state.held.splice(0)) send();
    },
    close: () =>
      new Promise((resolve) => {
        for (const send of state.held.splice(0)) send();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface StandInState {
  received: ReceivedMessage[];
  blocked: Set<string>;
  limitTimes: number;
  retryAfter: number;
  limited: number[];
  holdAfter: number;
  held: Array<() => void>;
}

export function startTelegramBotStandIn(token: string): Promise<MessengerStandIn> {
  return startStandIn((request, body, state) => {
    const method = /\/(sendMessage|sendPhoto)$/.exec(request.url ?? '')?.[1];
    if (!method) return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
    if (!request.url!.startsWith(`/bot${token}/`)) return { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
    const fields = method === 'sendPhoto' ? multipartFields(body, request.headers['content-type'] ?? '') : (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
    if (state.limitTimes > 0) {
      state.limitTimes -= 1;
      state.limited.push(Date.now());
      return { status: 429, json: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${state.retryAfter}`, parameters: { retry_after: state.retryAfter } } };
    }
    const chatId = String(fields.chat_id ?? '');
    if (state.blocked.has(chatId)) return { status: 403, json: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } };
    const text = String(method === 'sendPhoto' ? fields.caption ?? '' : fields.text ?? '');
    return {
      status: 200,
      json: { ok: true, result: { message_id: state.received.length + 1, chat: { id: Number(chatId) }, text } },
      message: { method, chatId, text, photoBytes: method === 'sendPhoto' ? Number(fields.photo ?? 0) : 0, at: Date.now() },
    };
  });
}

export function startVkApiStandIn(token: string): Promise<MessengerStandIn> {
  return startStandIn((request, body, state) => {
    if (!request.url?.endsWith('/messages.send')) return { status: 404, json: { error: { error_code: 3, error_msg: 'Unknown method passed' } } };
    const fields = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    if (fields.access_token !== token) return { status: 200, json: { error: { error_code: 5, error_msg: 'User authorization failed' } } };
    if (state.limitTimes > 0) {
      state.limitTimes -= 1;
      state.limited.push(Date.now());
      return { status: 200, json: { error: { error_code: 6, error_msg: 'Too many requests per second' } } };
    }
    const chatId = fields.user_id ?? '';
    return { status: 200, json: { response: state.received.length + 1 }, message: { method: 'messages.send', chatId, text: fields.message ?? '', photoBytes: 0, at: Date.now() } };
  });
}
