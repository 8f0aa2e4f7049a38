import { formatMoscowDateTime } from '@shared/domain/moscow-time';

/** Spec colours of a rating value: green above zero, red below, orange at zero. */
export type ValueTone = 'positive' | 'zero' | 'negative';

export function valueTone(value: string): ValueTone {
  const number = Number(value);
  if (number > 0) return 'positive';
  if (number < 0) return 'negative';
  return 'zero';
}

/** The server's one-decimal value as Russian text: '12.5' → '12,5', '-1.0' → '−1,0'. */
export function formatValue(value: string): string {
  return value.replace('-', '−').replace('.', ',');
}

/** A change with its sign: '+1,5', '−1,5', '0,0'. */
export function formatChange(value: string): string {
  return valueTone(value) === 'positive' ? `+${formatValue(value)}` : formatValue(value);
}

/** The server's ISO datetime as 'dd.mm.yyyy hh:mm' in Moscow (shell §9). */
export function formatDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatMoscowDateTime(ms);
}

