import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of an OpenAI-compatible `/chat/completions` endpoint for tests (point LLM_URL
 * at `url`, which ends in /v1). It answers with `reply(messages)` — streamed in small pieces with
 * `delayMs` between them when the request asks to stream — or with `failWith` as an error, or
 * never (`hang`) to exercise timeouts.
 */
export interface ChatStandInRequest {
  authorization: string;
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
}

export interface ChatModelStandIn {
  url: string;
  requests: ChatStandInRequest[];
  reply: (messages: ChatStandInRequest['messages']) => string;
  failWith: { status: number; message: string } | null;
  hang: boolean;
  delayMs: number;
  close(): Promise<void>;
}

function pieces(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

export async function startChatModelStandIn(): Promise<ChatModelStandIn> {
  const open = new Set<ServerResponse>();
  const state: Omit<ChatModelStandIn, 'url' | 'close'> = {
    requests: [],
    // By default: the first source's first sentence, cited, so a test sees a grounded answer.
    reply: (messages) => {
      const context = messages.find((message) => message.role === 'user')?.content ?? '';
      const lines = context.slice(context.indexOf('[1]')).split('\n').slice(1);
      const sentence = lines.find((line) => line.includes('.'))?.match(/[^.]+\./)?.[0];
      return context.includes('[1]') && sentence ? `По базе знаний: ${sentence.trim()} [1]` : 'Я не нашёл ответа в базе знаний школы.';
    },
    failWith: null,
    hang: false,
    delayMs: 30,
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return reply(404, { error: { message: 'not found' } });
      let body: { model?: string; stream?: boolean; messages?: ChatStandInRequest['messages'] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return reply(400, { error: { message: 'bad json' } });
      }
      const entry: ChatStandInRequest = { authorization: request.headers.authorization ?? '', model: body.model ?? '', stream: body.stream === true, messages: body.messages ?? [] };
      state.requests.push(entry);
      if (state.hang) {
        open.add(response);
        return;
      }
      if (state.failWith) return reply(state.failWith.status, { error: { message: state.failWith.message } });
      const text = state.reply(entry.messages);
      if (!entry.stream) return reply(200, { choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      open.add(response);
      const parts = pieces(text);
      let index = 0;
      const next = () => {
        if (response.destroyed) return;
        if (index >= parts.length) {
          response.end('data: [DONE]\n\n');
          open.delete(response);
          return;
        }
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: parts[index] } }] })}\n\n`);
        index += 1;
        setTimeout(next, state.delayMs);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  });
}
