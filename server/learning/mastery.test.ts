import { describe, expect, it } from 'vitest';
import { addEvidence, decay, HALF_LIFE_DAYS, stateAt } from './mastery';

const DAY = 86_400_000;

describe('mastery evidence with recency', () => {
  it('halves the weight of evidence after one half-life and keeps the answer count', () => {
    expect(decay(0)).toBe(1);
    expect(decay(HALF_LIFE_DAYS * DAY)).toBeCloseTo(0.5, 10);
    const one = addEvidence(undefined, 1, 0);
    expect(one).toEqual({ right: 1, wrong: 0, answers: 1, updatedAt: 0 });
    const later = addEvidence(one, 0, HALF_LIFE_DAYS * DAY);
    expect(later.right).toBeCloseTo(0.5, 10);
    expect(later.wrong).toBe(1);
    expect(later.answers).toBe(2);
    expect(stateAt(later, 2 * HALF_LIFE_DAYS * DAY).wrong).toBeCloseTo(0.5, 10);
  });

  it('weighs late evidence (a part 2 checked after newer answers) by its own age, and part points as a share', () => {
    const now = 10 * DAY;
    const state = addEvidence(undefined, 1, now);
    const late = addEvidence(state, 2 / 3, now - HALF_LIFE_DAYS * DAY);
    expect(late.updatedAt).toBe(now);
    expect(late.right).toBeCloseTo(1 + 1 / 3, 10);
    expect(late.wrong).toBeCloseTo(1 / 6, 10);
  });
});
