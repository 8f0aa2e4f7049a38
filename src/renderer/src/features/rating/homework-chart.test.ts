import { describe, expect, it } from 'vitest';
import { barHeight, labelOutside } from './homework-chart';

describe('homework chart geometry', () => {
  it('draws 70 points as 125 px and clamps to the chart', () => {
    expect(barHeight(70)).toBeCloseTo(125);
    expect(barHeight(14)).toBeCloseTo(25);
    expect(barHeight(-3)).toBe(0);
    expect(barHeight(500)).toBe(155);
  });
  it('puts the label outside bars of 30 px or less', () => {
    expect(labelOutside(barHeight(16))).toBe(true);
    expect(labelOutside(30)).toBe(true);
    expect(labelOutside(barHeight(17))).toBe(false);
  });
});
