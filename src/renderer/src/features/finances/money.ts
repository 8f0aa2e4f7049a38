/**
 * Display of the server's rouble amounts (text such as '500', '-3500', '1.5'). The server computes
 * every figure; these helpers only pick a colour and add the sign and grouping for reading.
 */

export type MoneyTone = 'positive' | 'zero' | 'negative';

/** Shell §4.6: green above 0, red below 0, orange at 0. Unparsable text counts as zero (orange, never 'fine'). */
export function moneyTone(amount: string): MoneyTone {
  const value = Number(amount);
  if (!Number.isFinite(value) || value === 0) return 'zero';
  return value > 0 ? 'positive' : 'negative';
}

const grouping = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** '12500.5' → '12 500,5'; text that is not a number is shown as it came. */
export function formatRoubles(amount: string, { signed = false } = {}): string {
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(value)) return amount;
  const text = grouping.format(Math.abs(value));
  const sign = value < 0 ? '−' : signed && value > 0 ? '+' : '';
  return `${sign}${text}`;
}

/** Top-up amount as typed: digits only (shell §5), everything else is dropped as it is typed. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}
