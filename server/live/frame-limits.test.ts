import { describe, expect, it } from 'vitest';
import { BURST_GAP_MS, FrameBudget, MAX_FRAMES_PER_SECOND, NoticeGate, NOTICE_INTERVAL_MS, RefusalBurst } from './frame-limits';

describe('FrameBudget', () => {
  it('lets 50 frames through per clock second and starts again in the next one', () => {
    const budget = new FrameBudget();
    const start = 1_700_000_000_000;
    const taken = Array.from({ length: 1_000 }, (_, i) => budget.take(start + (i % 900)));
    expect(taken.filter(Boolean)).toHaveLength(MAX_FRAMES_PER_SECOND);
    expect(taken.slice(0, MAX_FRAMES_PER_SECOND).every(Boolean)).toBe(true);
    expect(budget.take(start + 1_000)).toBe(true);
  });

  it('takes its own rate when given one', () => {
    const budget = new FrameBudget(3);
    const start = 1_700_000_000_000;
    expect(Array.from({ length: 5 }, () => budget.take(start))).toEqual([true, true, true, false, false]);
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

describe('RefusalBurst', () => {
  it('says once when a burst starts, counts its frames, and starts again after a quiet second', () => {
    const burst = new RefusalBurst();
    const start = 1_700_000_000_000;
    const starts = Array.from({ length: 10_000 }, (_, i) => burst.refuse(start + Math.floor(i / 10))).filter(Boolean);
    expect(starts).toHaveLength(1);
    expect(burst.count).toBe(10_000);
    expect(burst.refuse(start + 999 + BURST_GAP_MS)).toBe(true);
    expect(burst.count).toBe(1);
  });
});
