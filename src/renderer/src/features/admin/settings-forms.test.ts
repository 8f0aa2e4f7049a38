import { describe, expect, it } from 'vitest';
import { nonDecreasing, parseWhole, toInputTime, toWireTime, wholeRoubles } from './form-rules';

describe('admin settings form rules', () => {
  it('takes whole numbers within the bounds only', () => {
    expect(parseWhole(['2', ' 1 ', '10'], 0, 10)).toEqual([2, 1, 10]);
    expect(parseWhole(['2', '11'], 0, 10)).toBeNull();
    expect(parseWhole(['2', '1.5'], 0, 10)).toBeNull();
    expect(parseWhole(['', '1'], 0, 10)).toBeNull();
  });

  it('a secondary scale never falls', () => {
    expect(nonDecreasing([0, 2, 2, 5])).toBe(true);
    expect(nonDecreasing([0, 5, 4])).toBe(false);
  });

  it('converts webinar times between the wire (Moscow, seconds :00) and the datetime input', () => {
    expect(toInputTime('2026-12-01 18:00:00')).toBe('2026-12-01T18:00');
    expect(toInputTime('')).toBe('');
    expect(toWireTime('2026-12-01T18:05')).toBe('2026-12-01 18:05:00');
    expect(toWireTime('')).toBe('');
  });

  it('prices are whole roubles up to a million', () => {
    expect(wholeRoubles('3900')).toBe(3900);
    expect(wholeRoubles('-1')).toBeNull();
    expect(wholeRoubles('1000001')).toBeNull();
  });
});
