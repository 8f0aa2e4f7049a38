import { describe, expect, it } from 'vitest';
import { coefficientTenths, finalStatuses, formatCountdown, fromTenths, roundScoreTenths, timeLeftMs } from './decide-first';

describe('Decide First rules', () => {
  it('grows the coefficient by 0.2 per round won in a row, from 1.0 up to 2.0', () => {
    expect([0, 1, 2, 5, 6, 50].map(coefficientTenths)).toEqual([10, 12, 14, 20, 20, 20]);
    expect(coefficientTenths(-3)).toBe(10);
  });

  it('scores a round as the task points times the coefficient, kept in tenths', () => {
    expect(roundScoreTenths(2, coefficientTenths(1))).toBe(24);
    expect(fromTenths(24)).toBe(2.4);
    expect(roundScoreTenths(1, coefficientTenths(0))).toBe(10);
  });

  it('gives the unique best score the win, a shared best a draw, leavers their loss', () => {
    const statuses = finalStatuses([
      { userId: 1, scoreTenths: 30, left: false },
      { userId: 2, scoreTenths: 20, left: false },
      { userId: 3, scoreTenths: 90, left: true },
    ]);
    expect([...statuses]).toEqual([
      [1, 'Победил'],
      [2, 'Проиграл'],
      [3, 'Проиграл_вышел'],
    ]);
    expect([...finalStatuses([{ userId: 1, scoreTenths: 0, left: false }, { userId: 2, scoreTenths: 0, left: false }]).values()]).toEqual(['Ничья', 'Ничья']);
  });

  it('counts down from the last sync and formats tenths', () => {
    expect(timeLeftMs(5000, 1000, 3500)).toBe(2500);
    expect(timeLeftMs(5000, 1000, 9000)).toBe(0);
    expect(formatCountdown(59_951)).toBe('1:00.0');
    expect(formatCountdown(57_140)).toBe('0:57.2');
    expect(formatCountdown(0)).toBe('0:00.0');
  });
});
