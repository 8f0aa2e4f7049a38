import { describe, expect, it } from 'vitest';
import { dateShift, moscowMidnight } from './dates';

const at = (iso: string) => Date.parse(iso);

describe('moving a course to a new start', () => {
  const from = at('2026-09-01T09:00:00+03:00');
  const to = at('2027-08-30T14:30:00+03:00');
  const shift = dateShift(from, to);

  it('moves instants by the same amount, keeping their time of day relative to the start', () => {
    expect(shift.instant(at('2026-09-08T09:00:00+03:00'))).toBe(at('2027-09-06T14:30:00+03:00'));
    expect(shift.instant(null)).toBeNull();
  });

  it('keeps a 23:59 Moscow deadline at 23:59, whole days later, and moves calendar days by whole days', () => {
    expect(shift.instant(at('2026-10-13T23:59:00+03:00'))).toBe(at('2027-10-11T23:59:00+03:00'));
    expect(shift.day('2026-10-06')).toBe('2027-10-04');
    expect(shift.day(null)).toBeNull();
  });

  it('changes nothing without a new start', () => {
    const none = dateShift(from, undefined);
    expect(none.instant(123)).toBe(123);
    expect(none.day('2026-10-06')).toBe('2026-10-06');
  });

  it('reads a start day as 00:00 Moscow time and refuses what is not a day', () => {
    expect(moscowMidnight('2027-09-01')).toBe(at('2027-09-01T00:00:00+03:00'));
    for (const bad of ['2027-02-30', '01.09.2027', '2027-9-1', '']) expect(moscowMidnight(bad), bad).toBeNull();
  });
});
