/**
 * Moscow calendar arithmetic on whole days. Moscow is UTC+3 all year (no DST since 2014), so
 * a Moscow day is a fixed 24 h slice and its number is plain integer arithmetic, which both
 * SQL dialects can also do (see `moscowDayIndexSql`).
 */
export const DAY_MS = 86_400_000;
export const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Days since 1970-01-01 of the Moscow calendar day an instant falls on. */
export function moscowDayIndex(ms: number): number {
  return Math.floor((ms + MOSCOW_OFFSET_MS) / DAY_MS);
}

/** 'YYYY-MM-DD' → its day number. */
export function dayIndexOfDate(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Day number → 'YYYY-MM-DD'. */
export function dateOfDayIndex(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a Moscow day starts. */
export function dayStartMs(day: number): number {
  return day * DAY_MS - MOSCOW_OFFSET_MS;
}

/** The Monday that starts the week of a day (weeks start on Monday; day 0 was a Thursday). */
export function mondayOf(day: number): number {
  return day - ((day + 3) % 7);
}

/** The instant the Moscow month containing `ms` starts, shifted by `monthsAhead` months. */
export function moscowMonthStart(ms: number, monthsAhead = 0): number {
  const local = new Date(ms + MOSCOW_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + monthsAhead, 1) - MOSCOW_OFFSET_MS;
}

/** The instant the Moscow year containing `ms` starts, shifted by `yearsAhead` years. */
export function moscowYearStart(ms: number, yearsAhead = 0): number {
  const local = new Date(ms + MOSCOW_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear() + yearsAhead, 0, 1) - MOSCOW_OFFSET_MS;
}

/** An instant as ISO 8601 in Moscow wall-clock time with its offset: '2026-10-05T14:30:00+03:00'. */
export function moscowIso(ms: number): string {
  return `${new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 19)}+03:00`;
}
