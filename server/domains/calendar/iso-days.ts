/**
 * Arithmetic on Moscow calendar days kept as 'YYYY-MM-DD' strings. It runs in UTC on purpose:
 * a day is a label here, not an instant, so no time zone may shift it.
 */

const DAY_MS = 86_400_000;

function utcMs(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`Not a date: ${iso}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The day `days` after (before, when negative) a 'YYYY-MM-DD' day. */
export function addDaysIso(iso: string, days: number): string {
  return new Date(utcMs(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday, as the calendar grid counts. */
export function weekdayIso(iso: string): number {
  return (new Date(utcMs(iso)).getUTCDay() + 6) % 7;
}

/** The Monday of the week a day belongs to. */
export function mondayOf(iso: string): string {
  return addDaysIso(iso, -weekdayIso(iso));
}

/** True for a real calendar day ('2023-02-29' is not one). */
export function isRealDay(iso: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && new Date(utcMs(iso)).toISOString().slice(0, 10) === iso;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
