import { describe, expect, it } from 'vitest';
import { bandColor, percentBand, progressBand, signedBand } from './bands';

describe('progressBand', () => {
  it.each([
    [0, 'very-low'],
    [24, 'very-low'],
    [24.99, 'very-low'],
    [25, 'low'],
    [49, 'low'],
    [49.99, 'low'],
    [50, 'medium'],
    [74, 'medium'],
    [74.99, 'medium'],
    [75, 'high'],
    [100, 'high'],
    [150, 'high'],
    [-5, 'very-low'],
    [Number.NaN, 'very-low'],
  ] as const)('%s → %s', (value, band) => {
    expect(progressBand(value)).toBe(band);
  });
});

describe('signedBand', () => {
  it.each([
    [-100, 'very-low'],
    [-51, 'very-low'],
    [-50, 'very-low'],
    [-49.99, 'low'],
    [-49, 'low'],
    [-1, 'low'],
    [-0.01, 'low'],
    [0, 'medium'],
    [49, 'medium'],
    [49.99, 'medium'],
    [50, 'high'],
    [100, 'high'],
    [Number.NaN, 'very-low'],
  ] as const)('%s → %s', (value, band) => {
    expect(signedBand(value)).toBe(band);
  });
});

describe('percentBand', () => {
  it.each([
    [0, 'red'],
    [49, 'red'],
    [49.99, 'red'],
    [50, 'orange'],
    [79, 'orange'],
    [79.99, 'orange'],
    [80, 'green'],
    [100, 'green'],
    [Number.NaN, 'red'],
  ] as const)('%s → %s', (value, band) => {
    expect(percentBand(value)).toBe(band);
  });
});

describe('bandColor', () => {
  it('names the theme variable', () => {
    expect(bandColor('very-low')).toBe('var(--band-very-low)');
    expect(bandColor('green')).toBe('var(--band-green)');
  });
});
