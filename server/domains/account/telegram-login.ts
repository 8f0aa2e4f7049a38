import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramAuthData } from '../../../src/shared/contract/account';

/** The widget's data is accepted for one day after Telegram signed it (its own recommendation). */
export const TELEGRAM_AUTH_MAX_AGE_S = 24 * 60 * 60;
/** Telegram stamps auth_date with its clock, not ours: allow this much disagreement into the future. */
export const TELEGRAM_CLOCK_SKEW_S = 60;

export type TelegramLoginCheck = { ok: true; tgId: string; username: string } | { ok: false; reason: 'hash' | 'stale' | 'future' };

/**
 * The data-check-string of core.telegram.org/widgets/login: every received field except `hash`,
 * sorted by key, as `key=value` lines joined with '\n'.
 */
export function telegramDataCheckString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined && data[key] !== null)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
}

/** hex(HMAC-SHA256(data-check-string, SHA256(bot token))): what Telegram puts in `hash`. */
export function telegramLoginHash(data: Record<string, unknown>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(data)).digest('hex');
}

/** Checks that the widget's payload was signed by our bot's Telegram and is fresh. */
export function checkTelegramLogin(data: TelegramAuthData, botToken: string, nowMs: number): TelegramLoginCheck {
  const expected = Buffer.from(telegramLoginHash(data, botToken), 'hex');
  const received = Buffer.from(data.hash.toLowerCase(), 'hex');
  // Both are 32 bytes (the schema demands 64 hex digits); compare in constant time anyway.
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return { ok: false, reason: 'hash' };
  const authDate = Number(data.auth_date);
  const nowS = Math.floor(nowMs / 1000);
  if (authDate > nowS + TELEGRAM_CLOCK_SKEW_S) return { ok: false, reason: 'future' };
  if (nowS - authDate > TELEGRAM_AUTH_MAX_AGE_S) return { ok: false, reason: 'stale' };
  return { ok: true, tgId: String(data.id), username: data.username ?? '' };
}
