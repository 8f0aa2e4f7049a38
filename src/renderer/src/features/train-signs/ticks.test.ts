import { describe, expect, it } from 'vitest';
import { noTicks, parseTicks, toBits } from './ticks';

describe('signs trainer ticks kept as a draft', () => {
  it('reads back a stored draft of the same length', () => {
    expect(parseTicks([true, false, true], 3)).toEqual([true, false, true]);
    expect(noTicks(2)).toEqual([false, false]);
  });

  it('ignores a stored draft of another length or a damaged one', () => {
    expect(parseTicks([true, false], 3)).toBeNull();
    expect(parseTicks([true, 'x', false], 3)).toBeNull();
    expect(parseTicks({ 0: true }, 1)).toBeNull();
    expect(parseTicks('{not json', 1)).toBeNull();
  });

  it('sends ticks as 0/1 in the stored order', () => {
    expect(toBits([true, false, true])).toEqual([1, 0, 1]);
  });
});
