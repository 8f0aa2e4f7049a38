/**
 * Moving a course to a new start (import with a start date): every instant moves by the same
 * amount, so lessons keep their week rhythm and their time of day. Two kinds of dates are calendar
 * days rather than instants and move by whole Moscow days: oral credit dates ('YYYY-MM-DD') and
 * deadlines set at 23:59 Moscow time («до конца дня»), which stay at 23:59 of their new day.
 */
const DAY = 86_400_000;
/** Moscow is UTC+3 all year. */
const MOSCOW = 3 * 3_600_000;
const END_OF_DAY = DAY - 60_000;

export interface DateShift {
  instant(ms: number | null): number | null;
  day(iso: string | null): string | null;
}

const moscowDayOf = (ms: number) => Math.floor((ms + MOSCOW) / DAY);

export function dateShift(courseStart: number, newStart: number | undefined): DateShift {
  if (newStart === undefined) return { instant: (ms) => ms, day: (iso) => iso };
  const delta = newStart - courseStart;
  const days = moscowDayOf(newStart) - moscowDayOf(courseStart);
  return {
    instant(ms) {
      if (ms === null) return null;
      const endOfDay = (((ms + MOSCOW) % DAY) + DAY) % DAY === END_OF_DAY;
      return endOfDay ? ms + days * DAY : ms + delta;
    },
    day(iso) {
      if (iso === null) return null;
      return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    },
  };
}

/** 'YYYY-MM-DD' → 00:00 Moscow time of that day (the CLI's --start), or null when it is no date. */
export function moscowMidnight(iso: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== iso) return null;
  return ms - MOSCOW;
}
