import { TOP_UP_MAX_RUBLES } from '@shared/contract/finances';
import { ruFinances } from '../../i18n/finances';

const t = ruFinances.topUp;

/** User types that cannot top up (shell §5, §6). */
export const INACTIVE_TYPE = 'Неактивный';

/** User types that see and may buy extra recorded lessons (shell §6); the server enforces it too. */
export const EXTRA_LESSON_TYPES: readonly string[] = ['Куратор', 'Интенсив', 'Админ'];

/**
 * Shell §5, in the spec's order: empty, above the maximum, negative or not a whole number, then the
 * agreement. Returns the text to show, or null when the amount may go to the server.
 */
export function topUpError(amount: string, agreed: boolean): string | null {
  const text = amount.trim();
  if (text === '') return t.empty;
  if (/^\d+$/.test(text) && Number(text) > TOP_UP_MAX_RUBLES) return t.tooMuch;
  if (!/^\d+$/.test(text)) return t.invalid;
  if (!agreed) return t.notAgreed;
  return null;
}

/** The amount as sent: digits without leading zeros ('0500' → '500'). */
export function normalisedAmount(amount: string): string {
  return String(Number(amount.trim()));
}

/** True when the server's refusal is the inactive-account one: the popup then offers a tariff. */
export function isInactiveRefusal(message: string): boolean {
  return message.trim() === t.inactive;
}
