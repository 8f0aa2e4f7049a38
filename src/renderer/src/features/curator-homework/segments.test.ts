import { describe, expect, it } from 'vitest';
import { clampScore, nextSegmentKey, selectionRange, snapToWords, splitBySegments } from './segments';

const seg = (start_pos: number, finish_pos: number) => ({ start_pos, finish_pos, color: 'red' as const, zacherkn: 0, cur_subcomment: '' });

describe('comment segments', () => {
  it('clamps scores to 0..max and keeps empty as unscored', () => {
    expect(clampScore('5', 3)).toBe(3);
    expect(clampScore('-2', 3)).toBe(0);
    expect(clampScore('2', 3)).toBe(2);
    expect(clampScore('', 3)).toBeNull();
  });
  it('accepts selections of 1..100 characters inside the answer', () => {
    expect(selectionRange(5, 2, 10)).toEqual({ start: 2, end: 5 });
    expect(selectionRange(3, 3, 10)).toBeNull();
    expect(selectionRange(0, 101, 200)).toBeNull();
    expect(selectionRange(0, 100, 200)).toEqual({ start: 0, end: 100 });
    expect(selectionRange(5, 50, 20)).toEqual({ start: 5, end: 20 });
  });
  it('snaps a selection to whole words and drops the spaces at its edges', () => {
    const text = 'Конкуренция выгодна потребителю, потому что цены какие-то ниже.';
    const pick = (start: number, end: number) => {
      const range = snapToWords(text, start, end);
      return text.slice(range.start, range.end);
    };
    // From the middle of «Конкуренция» to the middle of «выгодна».
    expect(pick(4, 15)).toBe('Конкуренция выгодна');
    // Backwards selections and a selection with spaces around it.
    expect(pick(15, 4)).toBe('Конкуренция выгодна');
    expect(pick(11, 20)).toBe('выгодна');
    // Punctuation is not part of a word; a hyphenated word is one word.
    expect(pick(21, 31)).toBe('потребителю');
    expect(pick(50, 52)).toBe('какие-то');
    // A whole word stays as it is; spaces only give an empty range.
    expect(pick(12, 19)).toBe('выгодна');
    expect(snapToWords(text, 11, 12)).toEqual({ start: 12, end: 12 });
  });
  it('numbers new segments after the highest key', () => {
    expect(nextSegmentKey({})).toBe('1');
    expect(nextSegmentKey({ '1': seg(0, 1), '4': seg(1, 2) })).toBe('5');
  });
  it('splits the answer at segment boundaries', () => {
    expect(splitBySegments('abcdef', { '1': seg(1, 4), '2': seg(3, 5) })).toEqual([
      { text: 'a', keys: [] },
      { text: 'bc', keys: ['1'] },
      { text: 'd', keys: ['1', '2'] },
      { text: 'e', keys: ['2'] },
      { text: 'f', keys: [] },
    ]);
  });
});
