import { describe, expect, it } from 'vitest';
import { cookiesText, daysText } from './pet';
import { countText, plural, pluralIndex } from './russian-plural';

const LESSONS = ['урок', 'урока', 'уроков'] as const;

describe('Russian plurals', () => {
  it.each([
    [0, 2],
    [1, 0],
    [2, 1],
    [4, 1],
    [5, 2],
    [11, 2],
    [12, 2],
    [14, 2],
    [21, 0],
    [22, 1],
    [25, 2],
    [101, 0],
    [111, 2],
    [1000, 2],
  ])('%i takes form %i', (count, form) => expect(pluralIndex(count)).toBe(form));

  it('picks the word and writes it after the number', () => {
    expect(plural(1, LESSONS)).toBe('урок');
    expect(plural(3, LESSONS)).toBe('урока');
    expect(plural(11, LESSONS)).toBe('уроков');
    expect(countText(21, LESSONS)).toBe('21 урок');
    expect(countText(112, LESSONS)).toBe('112 уроков');
  });

  it('keeps negative counts in the form of their size, as the pet texts did', () => {
    expect(daysText(-1)).toBe('-1 день');
    expect(cookiesText(-3)).toBe('-3 печеньки');
    expect(cookiesText(5)).toBe('5 печенек');
    expect(daysText(12)).toBe('12 дней');
  });
});
