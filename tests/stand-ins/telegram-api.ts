import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Telegram Bot API for tests (point TELEGRAM_API_URL at `url`): answers
 * getChat for the chats it was given and getChatMember for the members it was given, 400 'chat not
 * found' for others and 401 for a wrong token.
 */
export interface TelegramApiStandIn {
  url: string;
  /** chat id → current username ('' for an account without one). */
  chats: Map<string, string>;
  /** Every chat id asked for, in order. */
  asked: string[];
  /** getChatMember: chat id → the user's status in the bot's chat ('member', 'kicked'…); absent → chat not found. */
  members: Map<string, string>;
  /** Chat ids getChatMember was asked about, in order. */
  askedMembers: string[];
  close(): Promise<void>;
}

export async function startTelegramApiStandIn(token: string): Promise<TelegramApiStandIn> {
  const chats = new Map<string, string>();
  const asked: string[] = [];
  const members = new Map<string, string>();
  const askedMembers: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && request.url?.endsWith('/getChatMember')) {
        if (request.url !== `/bot${token}/getChatMember`) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        const chatId = String((JSON.parse(body || '{}') as { chat_id?: unknown }).chat_id ?? '');
        askedMembers.push(chatId);
        const status = members.get(chatId);
        if (!status) return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return reply(200, { ok: true, result: { status, user: { id: Number(chatId), is_bot: false, first_name: 'Ученик' } } });
      }
      if (request.method !== 'POST' || !request.url?.endsWith('/getChat')) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (request.url !== `/bot${token}/getChat`) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const chatId = String((JSON.parse(body || '{}') as { chat_id?: unknown }).chat_id ?? '');
      asked.push(chatId);
      if (!chats.has(chatId)) return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      const username = chats.get(chatId)!;
      reply(200, { ok: true, result: { id: Number(chatId), type: 'private', first_name: 'Ученик', ...(username ? { username } : {}) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chats,
    asked,
    members,
    askedMembers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
