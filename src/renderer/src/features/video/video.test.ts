import { describe, expect, it } from 'vitest';
import { loopAction } from '../materials/use-fragment-loop';
import { formatTime } from '../../ui/video/format-time';
import { splitLinks } from './split-links';
import { fragmentAt } from './use-short-mode';

describe('formatTime', () => {
  it('shows mm:ss, and h:mm:ss from an hour', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(12_000)).toBe('00:12');
    expect(formatTime(754_999)).toBe('12:34');
    expect(formatTime(3_723_000)).toBe('1:02:03');
    expect(formatTime(-5)).toBe('00:00');
  });
});

describe('splitLinks', () => {
  it('turns http(s) addresses into links and leaves trailing punctuation and other schemes as text', () => {
    expect(splitLinks('Конспект: https://fipi.ru/ege. Ещё http://a.ru/x?y=1, и javascript:alert(1)')).toEqual([
      { text: 'Конспект: ' },
      { text: 'https://fipi.ru/ege', href: 'https://fipi.ru/ege' },
      { text: '. Ещё ' },
      { text: 'http://a.ru/x?y=1', href: 'http://a.ru/x?y=1' },
      { text: ', и javascript:alert(1)' },
    ]);
    expect(splitLinks('без ссылок')).toEqual([{ text: 'без ссылок' }]);
    expect(splitLinks('')).toEqual([]);
  });
});

describe('short mode and fragment loop', () => {
  const detailed = [{ timecodeId: 1, timeStart: 12_000, timeEnd: 20_000 }];
  it('finds the detailed explanation playing now', () => {
    expect(fragmentAt(detailed, 11_999)).toBeUndefined();
    expect(fragmentAt(detailed, 12_000)?.timeEnd).toBe(20_000);
    expect(fragmentAt(detailed, 19_999)?.timeEnd).toBe(20_000);
    expect(fragmentAt(detailed, 20_000)).toBeUndefined();
    expect(fragmentAt([{ timecodeId: 2, timeStart: 5000, timeEnd: 5000 }], 5000)).toBeUndefined();
  });
  it('keeps a fragment inside its bounds', () => {
    expect(loopAction(0, 12_000, 24_000)).toBe('seek');
    expect(loopAction(15_000, 12_000, 24_000)).toBe('none');
    expect(loopAction(24_000, 12_000, 24_000)).toBe('restart');
    expect(loopAction(30_000, 12_000, 24_000)).toBe('restart');
  });
});
