import { describe, expect, it } from 'vitest';
import { formatMoscowDate, formatMoscowDateTime, isoDateToRu, moscowDateKey, moscowDayStart, moscowInputValue, parseMoscowInput } from './moscow-time';

describe('Moscow time', () => {
  it('formats an UTC instant in Moscow', () => {
    // 22:30 UTC is 01:30 next day in Moscow.
    const ms = Date.UTC(2026, 10, 22, 22, 30);
    expect(formatMoscowDate(ms)).toBe('23.11.2026');
    expect(formatMoscowDateTime(ms)).toBe('23.11.2026 01:30');
    expect(moscowDateKey(ms)).toBe('2026-11-23');
  });
  it('converts calendar dates', () => {
    expect(isoDateToRu('2027-06-01')).toBe('01.06.2027');
    expect(moscowDateKey(moscowDayStart('2027-06-01'))).toBe('2027-06-01');
    expect(moscowDateKey(moscowDayStart('2027-06-01') - 1)).toBe('2027-05-31');
  });
  it('reads and writes date-and-time inputs in Moscow time', () => {
    const ms = Date.UTC(2026, 10, 22, 22, 30);
    expect(moscowInputValue(ms)).toBe('2026-11-23T01:30');
    expect(parseMoscowInput('2026-11-23T01:30')).toBe(ms);
    expect(parseMoscowInput('2026-11-23')).toBeNull();
    expect(parseMoscowInput('')).toBeNull();
  });
});
