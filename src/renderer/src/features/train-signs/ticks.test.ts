import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTicks, readTicks, toBits, writeTicks } from './ticks';

describe('signs trainer ticks kept across a reload', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what was written for the same term, and nothing for another', () => {
    writeTicks('Государство', [true, false, true]);
    expect(readTicks('Государство', 3)).toEqual([true, false, true]);
    expect(readTicks('Право', 3)).toEqual([false, false, false]);
    clearTicks('Государство');
    expect(readTicks('Государство', 3)).toEqual([false, false, false]);
  });

  it('ignores a saved entry of another length or a damaged one', () => {
    writeTicks('Государство', [true, false]);
    expect(readTicks('Государство', 3)).toEqual([false, false, false]);
    sessionStorage.setItem('train-signs:ticks:Право', '{not json');
    expect(readTicks('Право', 2)).toEqual([false, false]);
  });

  it('sends ticks as 0/1 in the stored order', () => {
    expect(toBits([true, false, true])).toEqual([1, 0, 1]);
  });
});
