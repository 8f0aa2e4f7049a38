import { describe, expect, it } from 'vitest';
import { createTypeaheadBuffer, findTypeaheadMatch } from './typeahead';

const regions = ['Москва', 'Мурманская область', 'Новосибирская область', 'Московская область', 'Адыгея'];

describe('findTypeaheadMatch', () => {
  it('finds the next option starting with a letter, case-insensitively', () => {
    expect(findTypeaheadMatch(regions, 'м', -1)).toBe(0);
    expect(findTypeaheadMatch(regions, 'н', 0)).toBe(2);
    expect(findTypeaheadMatch(regions, 'а', 4)).toBe(4);
  });

  it('cycles through options when the same letter repeats', () => {
    expect(findTypeaheadMatch(regions, 'м', 0)).toBe(1);
    expect(findTypeaheadMatch(regions, 'мм', 1)).toBe(3);
    expect(findTypeaheadMatch(regions, 'ммм', 3)).toBe(0);
  });

  it('keeps the active option while a longer prefix still matches it', () => {
    expect(findTypeaheadMatch(regions, 'мо', 0)).toBe(0);
    expect(findTypeaheadMatch(regions, 'моск', 0)).toBe(0);
    expect(findTypeaheadMatch(regions, 'московс', 0)).toBe(3);
  });

  it('skips disabled options and reports no match', () => {
    expect(findTypeaheadMatch(regions, 'м', -1, (i) => i === 0)).toBe(1);
    expect(findTypeaheadMatch(regions, 'я', 0)).toBe(-1);
    expect(findTypeaheadMatch([], 'м', -1)).toBe(-1);
  });
});

describe('createTypeaheadBuffer', () => {
  it('joins quick keys and restarts after a pause', () => {
    const buffer = createTypeaheadBuffer(500);
    expect(buffer.push('м', 0)).toBe('м');
    expect(buffer.push('о', 200)).toBe('мо');
    expect(buffer.push('с', 600)).toBe('мос');
    expect(buffer.push('н', 1200)).toBe('н');
  });
});

describe('typing state', () => {
  it('is typing only shortly after a key', () => {
    const buffer = createTypeaheadBuffer(500);
    expect(buffer.isTyping(0)).toBe(false);
    buffer.push('н', 100);
    expect(buffer.isTyping(400)).toBe(true);
    expect(buffer.isTyping(700)).toBe(false);
  });
});
