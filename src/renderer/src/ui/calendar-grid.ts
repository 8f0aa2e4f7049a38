/**
 * Date arithmetic for month grids on plain 'YYYY-MM-DD' strings. Everything goes through UTC so
 * a user's time zone or a daylight-saving switch can never shift a day.
 */

/** One cell of a month grid. `month` is 0-based like Date; `weekday` is 0 for Monday. */
export interface CalendarDay {
  iso: string;
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** False for the leading and trailing days borrowed from the neighbour months. */
  inMonth: boolean;
}

/** A picked period; either end may still be missing while the user picks. */
export interface DateRange {
  start: string | null;
  end: string | null;
}

const DAY_MS = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

export function toIso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Parses 'YYYY-MM-DD'; null for anything else, including impossible dates like 2023-02-29. */
export function parseIso(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  const day = Number(match[3]);
  if (month < 0 || month > 11 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function fromUtc(ms: number): CalendarDay {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  return { iso: toIso(year, month, day), year, month, day, weekday: (date.getUTCDay() + 6) % 7, inMonth: true };
}

/** The day `days` after (or before, when negative) an ISO date. */
export function addDays(iso: string, days: number): string {
  const parts = parseIso(iso);
  if (!parts) throw new RangeError(`Not a date: ${iso}`);
  return fromUtc(Date.UTC(parts.year, parts.month, parts.day) + days * DAY_MS).iso;
}

/** The same day `months` later, clamped to the month's length (31 Jan + 1 → 29 Feb 2024). */
export function addMonths(iso: string, months: number): string {
  const parts = parseIso(iso);
  if (!parts) throw new RangeError(`Not a date: ${iso}`);
  const first = new Date(Date.UTC(parts.year, parts.month + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  return toIso(year, month, Math.min(parts.day, daysInMonth(year, month)));
}

/** Weekday of an ISO date, 0 for Monday … 6 for Sunday. */
export function weekdayOf(iso: string): number {
  const parts = parseIso(iso);
  if (!parts) throw new RangeError(`Not a date: ${iso}`);
  return (new Date(Date.UTC(parts.year, parts.month, parts.day)).getUTCDay() + 6) % 7;
}

/**
 * The weeks of a month, Monday first, padded with the neighbour months' days to whole weeks.
 * `fixedWeeks` pads to six weeks so a calendar keeps its height from month to month.
 */
export function monthGrid(year: number, month: number, options: { fixedWeeks?: boolean } = {}): CalendarDay[][] {
  const firstMs = Date.UTC(year, month, 1);
  const leading = (new Date(firstMs).getUTCDay() + 6) % 7;
  const cellsNeeded = leading + daysInMonth(year, month);
  const weekCount = options.fixedWeeks ? 6 : Math.ceil(cellsNeeded / 7);
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < weekCount; w++) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const cell = fromUtc(firstMs + (w * 7 + d - leading) * DAY_MS);
      cell.inMonth = cell.month === month && cell.year === year;
      week.push(cell);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Today's date as 'YYYY-MM-DD' in a time zone; the platform counts days in Moscow time. */
export function todayIso(now: Date = new Date(), timeZone = 'Europe/Moscow'): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The range after the user picks a day: the first pick starts a range, the second closes it
 * (in either order, so an earlier day becomes the start), a third pick starts over.
 */
export function pickRangeDay(range: DateRange, iso: string): DateRange {
  if (!range.start || range.end) return { start: iso, end: null };
  return iso < range.start ? { start: iso, end: range.start } : { start: range.start, end: iso };
}

/** Whether a day lies within a range, ends included; a half-picked range holds only its start. */
export function isInRange(iso: string, range: DateRange): boolean {
  if (!range.start) return false;
  if (!range.end) return iso === range.start;
  return iso >= range.start && iso <= range.end;
}
