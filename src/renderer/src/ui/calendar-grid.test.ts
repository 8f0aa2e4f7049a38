import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInMonth,
  isInRange,
  isLeapYear,
  monthGrid,
  parseIso,
  pickRangeDay,
  todayIso,
  weekdayOf,
} from './calendar-grid';

const isos = (weeks: ReturnType<typeof monthGrid>) => weeks.map((week) => week.map((day) => day.iso));

describe('leap years', () => {
  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
  ])('%i → %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(daysInMonth(year, 1)).toBe(leap ? 29 : 28);
  });
});

describe('monthGrid', () => {
  it('starts weeks on Monday with leading days of the previous month', () => {
    // 1 March 2024 is a Friday.
    const weeks = monthGrid(2024, 2);
    expect(weeks).toHaveLength(5);
    expect(isos(weeks)[0]).toEqual([
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
    ]);
    expect(weeks[0]!.map((d) => d.inMonth)).toEqual([false, false, false, false, true, true, true]);
    expect(weeks[0]!.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('ends with trailing days of the next month', () => {
    const last = monthGrid(2024, 2).at(-1)!;
    expect(last.map((d) => d.iso)).toEqual([
      '2024-03-25',
      '2024-03-26',
      '2024-03-27',
      '2024-03-28',
      '2024-03-29',
      '2024-03-30',
      '2024-03-31',
    ]);
    expect(last.every((d) => d.inMonth)).toBe(true);
  });

  it('has no leading days when the 1st is a Monday', () => {
    // 1 April 2024 is a Monday.
    const first = monthGrid(2024, 3)[0]!;
    expect(first[0]).toMatchObject({ iso: '2024-04-01', inMonth: true, weekday: 0 });
  });

  it('puts a Sunday 1st in the last column', () => {
    // 1 September 2024 is a Sunday: six weeks are needed.
    const weeks = monthGrid(2024, 8);
    expect(weeks[0]![6]).toMatchObject({ iso: '2024-09-01', inMonth: true });
    expect(weeks[0]!.slice(0, 6).every((d) => !d.inMonth)).toBe(true);
    expect(weeks).toHaveLength(6);
    expect(weeks[5]!.map((d) => d.iso)).toEqual([
      '2024-09-30',
      '2024-10-01',
      '2024-10-02',
      '2024-10-03',
      '2024-10-04',
      '2024-10-05',
      '2024-10-06',
    ]);
  });

  it('fits a non-leap February starting on Monday in exactly four weeks', () => {
    const weeks = monthGrid(2021, 1);
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
    expect(weeks[3]![6]!.iso).toBe('2021-02-28');
  });

  it('includes 29 February in a leap year', () => {
    const days = monthGrid(2024, 1).flat().filter((d) => d.inMonth);
    expect(days).toHaveLength(29);
    expect(days.at(-1)!.iso).toBe('2024-02-29');
    // 29 Feb 2024 is a Thursday, followed by 1–3 March.
    expect(monthGrid(2024, 1).at(-1)!.map((d) => d.iso).slice(3)).toEqual(['2024-02-29', '2024-03-01', '2024-03-02', '2024-03-03']);
  });

  it('has 28 February days in a century non-leap year', () => {
    expect(monthGrid(2100, 1).flat().filter((d) => d.inMonth)).toHaveLength(28);
    expect(monthGrid(2000, 1).flat().filter((d) => d.inMonth)).toHaveLength(29);
  });

  it('crosses the year in January and December', () => {
    // 1 January 2025 is a Wednesday; 31 December 2024 a Tuesday.
    expect(monthGrid(2025, 0)[0]!.slice(0, 3).map((d) => d.iso)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01']);
    expect(monthGrid(2024, 11).at(-1)!.map((d) => d.iso)).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it('pads to six weeks on request', () => {
    const weeks = monthGrid(2021, 1, { fixedWeeks: true });
    expect(weeks).toHaveLength(6);
    expect(weeks[5]![6]!.iso).toBe('2021-03-14');
  });
});

describe('date arithmetic', () => {
  it('parses only real dates', () => {
    expect(parseIso('2024-02-29')).toEqual({ year: 2024, month: 1, day: 29 });
    expect(parseIso('2023-02-29')).toBeNull();
    expect(parseIso('2024-13-01')).toBeNull();
    expect(parseIso('24-1-1')).toBeNull();
  });

  it('adds days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -7)).toBe('2024-02-23');
  });

  it('adds months clamping the day', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
  });

  it('knows weekdays Monday first', () => {
    expect(weekdayOf('2024-04-01')).toBe(0);
    expect(weekdayOf('2024-09-01')).toBe(6);
  });

  it('counts today in Moscow', () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Moscow (UTC+3).
    expect(todayIso(new Date('2024-12-31T22:30:00Z'))).toBe('2025-01-01');
    expect(todayIso(new Date('2024-12-31T20:30:00Z'))).toBe('2024-12-31');
  });
});

describe('range picking', () => {
  it('starts, closes and restarts a range', () => {
    let range = pickRangeDay({ start: null, end: null }, '2024-03-10');
    expect(range).toEqual({ start: '2024-03-10', end: null });
    range = pickRangeDay(range, '2024-03-15');
    expect(range).toEqual({ start: '2024-03-10', end: '2024-03-15' });
    range = pickRangeDay(range, '2024-03-01');
    expect(range).toEqual({ start: '2024-03-01', end: null });
  });

  it('swaps when the second day is earlier, allows a one-day range', () => {
    expect(pickRangeDay({ start: '2024-03-10', end: null }, '2024-03-02')).toEqual({ start: '2024-03-02', end: '2024-03-10' });
    expect(pickRangeDay({ start: '2024-03-10', end: null }, '2024-03-10')).toEqual({ start: '2024-03-10', end: '2024-03-10' });
  });

  it('tells days inside a range', () => {
    const range = { start: '2024-02-28', end: '2024-03-02' };
    expect(isInRange('2024-02-28', range)).toBe(true);
    expect(isInRange('2024-02-29', range)).toBe(true);
    expect(isInRange('2024-03-02', range)).toBe(true);
    expect(isInRange('2024-03-03', range)).toBe(false);
    expect(isInRange('2024-02-28', { start: '2024-02-28', end: null })).toBe(true);
    expect(isInRange('2024-02-29', { start: '2024-02-28', end: null })).toBe(false);
  });
});
