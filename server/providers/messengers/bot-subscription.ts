import { z } from 'zod';
import type { Services } from '../../services';
import type { UserRow } from '../../db/schema';

/** Whether a student follows the school's Telegram bot, as far as this server can tell. */
export type BotSubscription = 'subscribed' | 'not-subscribed' | 'unknown';

const memberResponse = z.union([
  z.object({ ok: z.literal(true), result: z.object({ status: z.string() }) }),
  z.object({ ok: z.literal(false), error_code: z.number().optional() }),
]);

/** Statuses of a user who has the bot's chat open and has not blocked it. */
const FOLLOWING = new Set(['creator', 'administrator', 'member', 'restricted']);

/**
 * Asks Telegram: `getChatMember` on the private chat of the bot with the user. A user who started
 * the bot is a member; one who blocked it is 'kicked'; one who never started it has no such chat
 * (400 'chat not found'). Anything else (no answer, a refused token) is 'unknown', never a guess.
 */
export async function askBotSubscription(options: { baseUrl: string; token: string; tgId: string; timeoutMs?: number }): Promise<BotSubscription> {
  const url = `${options.baseUrl.replace(/\/$/, '')}/bot${options.token}/getChatMember`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: options.tgId, user_id: Number(options.tgId) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    const parsed = memberResponse.safeParse(await response.json());
    if (!parsed.success) return 'unknown';
    if (parsed.data.ok) return FOLLOWING.has(parsed.data.result.status) ? 'subscribed' : 'not-subscribed';
    const code = parsed.data.error_code ?? response.status;
    // 400: no chat with this user (never started the bot); 403: the bot was blocked.
    return code === 400 || code === 403 ? 'not-subscribed' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A follower is asked again after 10 minutes; a non-follower after 1, so subscribing shows soon. */
const CACHE_MS: Record<Exclude<BotSubscription, 'unknown'>, number> = { subscribed: 10 * 60_000, 'not-subscribed': 60_000 };

/**
 * The student's bot subscription (back-office §2.2, /users/check_sub_bot_tg): without a linked
 * Telegram account they cannot follow it; without a bot token nobody can ask Telegram, so it is
 * unknown. Telegram's answer is cached per user (a popup on every page must not be a call to it).
 */
export async function botSubscriptionOf(services: Pick<Services, 'config' | 'kv'>, user: Pick<UserRow, 'id' | 'tg_id'>): Promise<BotSubscription> {
  if (user.tg_id === null || user.tg_id === '') return 'not-subscribed';
  const { TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL } = services.config;
  if (!TELEGRAM_BOT_TOKEN) return 'unknown';
  // One marker key per answer (set once, expires by itself): two calls at once cannot mix them up.
  const keyOf = (state: Exclude<BotSubscription, 'unknown'>) => `tgsub:${state}:${user.id}:${user.tg_id}`;
  if (await services.kv.get(keyOf('subscribed'))) return 'subscribed';
  if (await services.kv.get(keyOf('not-subscribed'))) return 'not-subscribed';
  const state = await askBotSubscription({ baseUrl: TELEGRAM_API_URL, token: TELEGRAM_BOT_TOKEN, tgId: user.tg_id });
  if (state !== 'unknown') await services.kv.setIfAbsent(keyOf(state), CACHE_MS[state]);
  return state;
}
