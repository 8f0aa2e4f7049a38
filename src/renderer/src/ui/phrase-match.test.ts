import { describe, expect, it } from 'vitest';
import { phraseMatches } from './phrase-match';

describe('phraseMatches', () => {
  it('accepts only the exact phrase', () => {
    expect(phraseMatches('удалить', 'удалить')).toBe(true);
    expect(phraseMatches('Удалить', 'удалить')).toBe(false);
    expect(phraseMatches('удалить ', 'удалить')).toBe(false);
    expect(phraseMatches(' удалить', 'удалить')).toBe(false);
    expect(phraseMatches('удали', 'удалить')).toBe(false);
    expect(phraseMatches('', 'удалить')).toBe(false);
  });

  it('tells ё from е', () => {
    expect(phraseMatches('все', 'всё')).toBe(false);
  });

  it('needs nothing typed when there is no phrase', () => {
    expect(phraseMatches('', undefined)).toBe(true);
  });
});
