import { describe, expect, it } from 'vitest';
import { moscowDateKey } from '../../src/shared/domain/moscow-time';
import { dateOfDayIndex, dayIndexOfDate, dayStartMs, mondayOf, moscowDayIndex, moscowIso, moscowMonthStart, moscowYearStart } from './moscow-days';

describe('Moscow day arithmetic', () => {
  it('numbers Moscow days, not UTC days', () => {
    const lastSecond = Date.parse('2026-11-16T20:59:59Z');
    expect(dateOfDayIndex(moscowDayIndex(lastSecond))).toBe('2026-11-16');
    expect(dateOfDayIndex(moscowDayIndex(lastSecond + 1000))).toBe('2026-11-17');
    expect(moscowDateKey(dayStartMs(dayIndexOfDate('2026-11-17')))).toBe('2026-11-17');
    expect(moscowDateKey(dayStartMs(dayIndexOfDate('2026-11-17')) - 1)).toBe('2026-11-16');
  });

  it('starts weeks on Monday', () => {
    for (const date of ['2026-11-16', '2026-11-18', '2026-11-22']) expect(dateOfDayIndex(mondayOf(dayIndexOfDate(date)))).toBe('2026-11-16');
    expect(dateOfDayIndex(mondayOf(dayIndexOfDate('2026-11-15')))).toBe('2026-11-09');
  });

  it('finds Moscow month and year starts across the UTC boundary', () => {
    const newYearInMoscow = Date.parse('2025-12-31T21:30:00Z');
    expect(moscowMonthStart(newYearInMoscow)).toBe(Date.parse('2026-01-01T00:00:00+03:00'));
    expect(moscowMonthStart(newYearInMoscow, -1)).toBe(Date.parse('2025-12-01T00:00:00+03:00'));
    expect(moscowYearStart(newYearInMoscow)).toBe(Date.parse('2026-01-01T00:00:00+03:00'));
    expect(moscowYearStart(newYearInMoscow, 1)).toBe(Date.parse('2027-01-01T00:00:00+03:00'));
    expect(moscowIso(newYearInMoscow)).toBe('2026-01-01T00:30:00+03:00');
  });
});
