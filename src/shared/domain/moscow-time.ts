/**
 * Times are stored as UTC epoch milliseconds and shown in Moscow time (ARCHITECTURE §5):
 * dd.mm.yyyy and hh:mm. Calendar dates are 'YYYY-MM-DD' strings of the Moscow day.
 */
export const MOSCOW_TZ = 'Europe/Moscow';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: MOSCOW_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface MoscowParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function moscowParts(ms: number): MoscowParts {
  const result: MoscowParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const { type, value } of parts.formatToParts(new Date(ms))) {
    if (type === 'year' || type === 'month' || type === 'day' || type === 'hour' || type === 'minute' || type === 'second') result[type] = value;
  }
  return result;
}

/** 'dd.mm.yyyy' in Moscow. */
export function formatMoscowDate(ms: number): string {
  const p = moscowParts(ms);
  return `${p.day}.${p.month}.${p.year}`;
}

/** 'hh:mm' in Moscow. */
export function formatMoscowTime(ms: number): string {
  const p = moscowParts(ms);
  return `${p.hour}:${p.minute}`;
}

/** 'hh:mm:ss' in Moscow (deadline times on the wire; the UI drops the seconds). */
export function formatMoscowTimeWithSeconds(ms: number): string {
  const p = moscowParts(ms);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** 'dd.mm.yyyy hh:mm' in Moscow. */
export function formatMoscowDateTime(ms: number): string {
  return `${formatMoscowDate(ms)} ${formatMoscowTime(ms)}`;
}

/** The Moscow calendar day of an instant, 'YYYY-MM-DD'. */
export function moscowDateKey(ms: number): string {
  const p = moscowParts(ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'YYYY-MM-DD' (a Moscow calendar date) → 'dd.mm.yyyy'. */
export function isoDateToRu(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : date;
}

/** The instant a Moscow calendar day starts ('YYYY-MM-DD' → epoch ms). Moscow has no DST since 2014. */
export function moscowDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00+03:00`);
}

/** An instant as the value of a date-and-time input that shows Moscow time: 'YYYY-MM-DDThh:mm'. */
export function moscowInputValue(ms: number): string {
  return `${moscowDateKey(ms)}T${formatMoscowTime(ms)}`;
}

/** A date-and-time input's value read as Moscow time ('YYYY-MM-DDThh:mm' → epoch ms); null when incomplete. */
export function parseMoscowInput(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return null;
  const ms = Date.parse(`${match[1]}T${match[2]}:00+03:00`);
  return Number.isNaN(ms) ? null : ms;
}
