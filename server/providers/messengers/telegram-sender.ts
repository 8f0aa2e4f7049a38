import { z } from 'zod';
import { refusedBeforeSending, type MessengerSender, type OutgoingMessage, type SendOutcome } from './senders';

const reply = z.object({
  ok: z.boolean(),
  error_code: z.number().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

/**
 * Telegram Bot API sendMessage / sendPhoto (photo uploaded as multipart with the caption). The base
 * address is TELEGRAM_API_URL, so tests point it at a local stand-in. Telegram allows about 30
 * messages a second overall and one a second to one chat; a 429 names how long to wait.
 */
export function createTelegramSender(options: { baseUrl: string; token: string; timeoutMs?: number }): MessengerSender {
  const base = `${options.baseUrl.replace(/\/$/, '')}/bot${options.token}`;
  return {
    perSecond: 30,
    perChatMs: 1000,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      let response: Response;
      try {
        if (message.image) {
          const form = new FormData();
          form.append('chat_id', message.address);
          form.append('caption', message.text);
          form.append('photo', new Blob([new Uint8Array(message.image.bytes)]), message.image.name);
          response = await fetch(`${base}/sendPhoto`, { method: 'POST', body: form, signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
        } else {
          response = await fetch(`${base}/sendMessage`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ chat_id: message.address, text: message.text }),
            signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
          });
        }
      } catch (error) {
        if (refusedBeforeSending(error)) return { kind: 'retry', afterMs: 5_000, error: 'Telegram недоступен' };
        return { kind: 'unknown', error: 'Telegram не ответил вовремя' };
      }
      const parsed = reply.safeParse(await response.json().catch(() => null));
      if (parsed.success && parsed.data.ok) return { kind: 'sent' };
      const code = parsed.success ? parsed.data.error_code ?? response.status : response.status;
      const description = (parsed.success ? parsed.data.description : undefined) ?? `HTTP ${response.status}`;
      if (code === 429) {
        const seconds = (parsed.success ? parsed.data.parameters?.retry_after : undefined) ?? 1;
        return { kind: 'retry', afterMs: Math.ceil(seconds * 1000), error: description };
      }
      if (code === 401 || code === 404) return { kind: 'failed', error: 'Telegram не принял токен бота' };
      // 400 chat not found, 403 the user blocked the bot: retrying cannot help.
      if (code >= 400 && code < 500) return { kind: 'failed', error: description };
      // A 5xx may or may not have delivered it: never resend.
      return { kind: 'unknown', error: description };
    },
  };
}

/** The school's main bot (TELEGRAM_BOT_TOKEN) with its pacing key, or null when none is configured. */
export function mainBotSender(config: { TELEGRAM_BOT_TOKEN?: string; TELEGRAM_API_URL: string }): { sender: MessengerSender; key: string } | null {
  if (!config.TELEGRAM_BOT_TOKEN) return null;
  return { sender: createTelegramSender({ baseUrl: config.TELEGRAM_API_URL, token: config.TELEGRAM_BOT_TOKEN }), key: `tg:${config.TELEGRAM_BOT_TOKEN}` };
}
