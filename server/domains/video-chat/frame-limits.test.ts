import { describe, expect, it } from 'vitest';
import { FrameBudget, MAX_FRAMES_PER_SECOND, NoticeGate, NOTICE_INTERVAL_MS } from './frame-limits';

describe('FrameBudget', () => {
  it('lets 50 frames through per clock second and starts again in the next one', () => {
    const budget = new FrameBudget();
    const start = 1_700_000_000_000;
    const taken = Array.from({ length: 1_000 }, (_, i) => budget.take(start + (i % 900)));
    expect(taken.filter(Boolean)).toHaveLength(MAX_FRAMES_PER_SECOND);
    expect(taken.slice(0, MAX_FRAMES_PER_SECOND).every(Boolean)).toBe(true);
    expect(budget.take(start + 1_000)).toBe(true);
  });
});

describe('NoticeGate', () => {
  it('lets one notice through per second and drops the ones in between', () => {
    const gate = new NoticeGate();
    const start = 1_700_000_000_000;
    const allowed = Array.from({ length: 1_000 }, (_, i) => gate.allows(start + i)).filter(Boolean);
    expect(allowed).toHaveLength(1);
    expect(gate.allows(start + NOTICE_INTERVAL_MS - 1)).toBe(false);
    expect(gate.allows(start + NOTICE_INTERVAL_MS)).toBe(true);
  });
});
