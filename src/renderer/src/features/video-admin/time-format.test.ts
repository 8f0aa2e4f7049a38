import { describe, expect, it } from 'vitest';
import { formatMs, parseTime } from './time-format';

describe('timecode time format', () => {
  it('formats milliseconds as mm:ss or h:mm:ss', () => {
    expect(formatMs(0)).toBe('00:00');
    expect(formatMs(65_999)).toBe('01:05');
    expect(formatMs(3_725_000)).toBe('1:02:05');
  });
  it('parses both forms and refuses others', () => {
    expect(parseTime('01:05')).toBe(65_000);
    expect(parseTime(' 1:02:05 ')).toBe(3_725_000);
    expect(parseTime('75:00')).toBe(4_500_000);
    expect(parseTime('1:60:00')).toBeNull();
    expect(parseTime('00:61')).toBeNull();
    expect(parseTime('abc')).toBeNull();
    expect(parseTime(formatMs(3_725_000))).toBe(3_725_000);
  });
});
