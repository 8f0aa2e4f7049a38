import { z } from 'zod';

/**
 * The one Bot API method the account needs: getChat, for the current username of a linked
 * Telegram id. The base address is configurable (TELEGRAM_API_URL) so tests run a local stand-in.
 */
export class TelegramApiError extends Error {}

const chatResponse = z.union([
  z.object({ ok: z.literal(true), result: z.object({ id: z.number(), username: z.string().optional() }) }),
  z.object({ ok: z.literal(false), error_code: z.number().optional(), description: z.string().optional() }),
]);

const UNAVAILABLE = 'Telegram не отвечает. Попробуйте обновить никнейм чуть позже.';
const TOKEN_REFUSED = 'Telegram не принял токен бота этого сервера. Сообщите в поддержку школы.';

/** The username Telegram has now for this chat id ('' when the account has none). */
export async function fetchTelegramUsername(options: { baseUrl: string; token: string; chatId: string; botName?: string; timeoutMs?: number }): Promise<string> {
  const url = `${options.baseUrl.replace(/\/$/, '')}/bot${options.token}/getChat`;
  let status: number;
  let json: unknown;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: options.chatId }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    status = response.status;
    json = await response.json();
  } catch {
    throw new TelegramApiError(UNAVAILABLE);
  }
  const parsed = chatResponse.safeParse(json);
  if (!parsed.success) throw new TelegramApiError(status >= 500 ? UNAVAILABLE : `Telegram ответил ошибкой ${status}. Попробуйте ещё раз позже.`);
  if (parsed.data.ok) return parsed.data.result.username ?? '';
  const code = parsed.data.error_code ?? status;
  if (code === 401 || code === 404) throw new TelegramApiError(TOKEN_REFUSED);
  if (code === 400 || code === 403) {
    // The bot sees a private chat only after the user allowed it to write (the widget asks for that).
    const bot = options.botName ? ` @${options.botName}` : '';
    throw new TelegramApiError(`Бот${bot} не видит этот Telegram-аккаунт. Напишите боту в Telegram и попробуйте ещё раз.`);
  }
  throw new TelegramApiError(UNAVAILABLE);
}
