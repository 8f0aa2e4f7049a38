import { z } from 'zod';
import { errorMessage } from '../../src/shared/guards';

/**
 * A chat model (ARCHITECTURE §7 'AI assistant / AI check'): an OpenAI-compatible
 * `POST {LLM_URL}/chat/completions` adapter with streaming, or "not configured" when LLM_URL is
 * unset — callers then use their own honest local default (the assistant quotes the knowledge
 * base; an AI check says it is not configured). Used by the assistant and by AI checks.
 */

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteOptions {
  /** Called with each piece of text as it streams in. */
  onDelta?: (delta: string) => void;
  temperature?: number;
  maxTokens?: number;
}

export interface ChatModelProvider {
  readonly configured: boolean;
  /** The model's name (shown to admins), '' when not configured. */
  readonly model: string;
  /** The whole answer; rejects with ChatModelError on a timeout, a refusal or a broken reply. */
  complete(messages: readonly ChatTurn[], options?: CompleteOptions): Promise<string>;
}

export class ChatModelError extends Error {}

export const CHAT_MODEL_NOT_CONFIGURED = 'Языковая модель не настроена: задайте LLM_URL';

export const notConfiguredChatModel: ChatModelProvider = {
  configured: false,
  model: '',
  async complete() {
    throw new ChatModelError(CHAT_MODEL_NOT_CONFIGURED);
  },
};

const streamChunk = z.object({ choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).partial().optional() })).optional() });
const wholeReply = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });
const errorReply = z.object({ error: z.object({ message: z.string() }) });

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole answer must arrive within this time. */
  timeoutMs: number;
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    return errorReply.parse(JSON.parse(text)).error.message;
  } catch {
    return text.slice(0, 200) || response.statusText;
  }
}

/** Reads a `text/event-stream` body line by line, calling `onData` with each `data:` payload. */
async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) onData(line.slice(5).trim());
    }
  }
  if (buffer.startsWith('data:')) onData(buffer.slice(5).trim());
}

/** The OpenAI-compatible adapter: streams when asked for deltas, with one deadline for the whole answer. */
export function createOpenAiChatModel(options: OpenAiChatOptions): ChatModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    configured: true,
    model: options.model,
    async complete(messages, callOptions = {}) {
      const stream = callOptions.onDelta !== undefined;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        const response = await fetch(url, {
          method: 'POST',
          signal: controller.signal,
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, messages, stream, temperature: callOptions.temperature ?? 0.2, ...(callOptions.maxTokens ? { max_tokens: callOptions.maxTokens } : {}) }),
        });
        if (!response.ok) throw new ChatModelError(`Модель ответила ошибкой ${response.status}: ${await errorText(response)}`);
        if (!stream) {
          const parsed = wholeReply.safeParse(await response.json().catch(() => null));
          if (!parsed.success) throw new ChatModelError('Модель прислала ответ в неизвестном формате');
          return parsed.data.choices[0]!.message.content ?? '';
        }
        if (!response.body) throw new ChatModelError('Модель прислала пустой ответ');
        let text = '';
        let done = false;
        await readEvents(response.body, (data) => {
          if (done || data === '') return;
          if (data === '[DONE]') {
            done = true;
            return;
          }
          let json: unknown;
          try {
            json = JSON.parse(data);
          } catch {
            throw new ChatModelError('Модель прислала поток в неизвестном формате');
          }
          const failure = errorReply.safeParse(json);
          if (failure.success) throw new ChatModelError(`Модель прервала ответ: ${failure.data.error.message}`);
          const delta = streamChunk.safeParse(json).data?.choices?.[0]?.delta?.content ?? '';
          if (delta) {
            text += delta;
            callOptions.onDelta!(delta);
          }
        });
        return text;
      } catch (error) {
        if (error instanceof ChatModelError) throw error;
        if (controller.signal.aborted) throw new ChatModelError(`Модель не ответила за ${Math.round(options.timeoutMs / 1000)} с`);
        throw new ChatModelError(`Модель недоступна: ${errorMessage(error)}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export function createChatModel(config: { LLM_URL?: string; LLM_API_KEY?: string; LLM_MODEL: string; LLM_TIMEOUT_MS: number }): ChatModelProvider {
  if (!config.LLM_URL) return notConfiguredChatModel;
  return createOpenAiChatModel({ baseUrl: config.LLM_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL, timeoutMs: config.LLM_TIMEOUT_MS });
}
