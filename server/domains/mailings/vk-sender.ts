import { z } from 'zod';
import { refusedBeforeSending, type MessengerSender, type OutgoingMessage, type SendOutcome } from '../../providers/messengers/senders';

const reply = z.union([
  z.object({ response: z.unknown() }),
  z.object({ error: z.object({ error_code: z.number(), error_msg: z.string().optional() }) }),
]);

/** VK API version the adapter speaks. */
export const VK_API_VERSION = '5.199';

/**
 * VK API messages.send from the community (VK_GROUP_TOKEN). `random_id` is stable per recipient
 * of a mailing, so VK itself drops a repeat. Base address VK_API_URL (a local stand-in in tests).
 */
export function createVkSender(options: { baseUrl: string; token: string; timeoutMs?: number }): MessengerSender {
  const url = `${options.baseUrl.replace(/\/$/, '')}/messages.send`;
  return {
    perSecond: 20,
    perChatMs: 1000,
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const body = new URLSearchParams({
        user_id: message.address,
        message: message.text,
        random_id: String(message.dedupKey),
        access_token: options.token,
        v: VK_API_VERSION,
      });
      let response: Response;
      try {
        response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
      } catch (error) {
        if (refusedBeforeSending(error)) return { kind: 'retry', afterMs: 5_000, error: 'ВК недоступен' };
        return { kind: 'unknown', error: 'ВК не ответил вовремя' };
      }
      const parsed = reply.safeParse(await response.json().catch(() => null));
      if (!parsed.success) return { kind: 'unknown', error: `ВК ответил HTTP ${response.status}` };
      if ('response' in parsed.data) return { kind: 'sent' };
      const { error_code: code, error_msg: text = `ошибка ${parsed.data.error.error_code}` } = parsed.data.error;
      // 6: too many requests per second, 9: flood control: not sent, try later.
      if (code === 6) return { kind: 'retry', afterMs: 1_000, error: text };
      if (code === 9) return { kind: 'retry', afterMs: 60_000, error: text };
      if (code === 5) return { kind: 'failed', error: 'ВК не принял ключ доступа сообщества' };
      return { kind: 'failed', error: text };
    },
  };
}
