import { describe, expect, it } from 'vitest';
import { hiddenUntil, PET_HIDE_MS } from './pet-visibility';

describe('pet icon hiding', () => {
  it('hides until the stored moment within the next ten minutes, else shows', () => {
    const now = 1_700_000_000_000;
    expect(hiddenUntil(String(now + 5_000), now)).toBe(now + 5_000);
    expect(hiddenUntil(String(now + PET_HIDE_MS), now)).toBe(now + PET_HIDE_MS);
    expect(hiddenUntil(String(now), now)).toBe(0);
    expect(hiddenUntil(String(now + PET_HIDE_MS + 1), now)).toBe(0);
    expect(hiddenUntil(null, now)).toBe(0);
    expect(hiddenUntil('soon', now)).toBe(0);
  });
});
