import { describe, expect, it } from 'vitest';
import { JSON_LIMITS, jsonTextLimitBreach, jsonValueLimitBreach } from './json-limits';
import { stableJson } from './signing';

const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '[]' + '}'.repeat(levels - 1);

describe('JSON limits', () => {
  it('lets 64 levels through and refuses 65, 10,000 and 100,000, as text and as a parsed value', () => {
    expect(jsonTextLimitBreach(nested(64))).toBeNull();
    expect(jsonValueLimitBreach(JSON.parse(nested(64)))).toBeNull();
    for (const levels of [65, 10_000, 100_000]) {
      expect(jsonTextLimitBreach(nested(levels))).toBe('depth');
      expect(jsonValueLimitBreach(JSON.parse(nested(levels)))).toBe('depth');
    }
    expect(jsonTextLimitBreach('['.repeat(100_000))).toBe('depth');
  });

  it('does not count brackets and commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '['.repeat(1000) + ','.repeat(20_000) + '\\"{' });
    expect(jsonTextLimitBreach(text)).toBeNull();
  });

  it('refuses arrays and objects beyond their sizes, and takes them at the limit', () => {
    const items = (count: number) => Array.from({ length: count }, (_, index) => index);
    const fields = (count: number) => Object.fromEntries(items(count).map((index) => [`k${index}`, index]));
    expect(jsonTextLimitBreach(JSON.stringify({ list: items(JSON_LIMITS.maxArrayItems) }))).toBeNull();
    expect(jsonTextLimitBreach(JSON.stringify({ list: items(JSON_LIMITS.maxArrayItems + 1) }))).toBe('array');
    expect(jsonValueLimitBreach({ list: items(JSON_LIMITS.maxArrayItems + 1) })).toBe('array');
    expect(jsonTextLimitBreach(JSON.stringify(fields(JSON_LIMITS.maxObjectKeys)))).toBeNull();
    expect(jsonTextLimitBreach(JSON.stringify({ x: fields(JSON_LIMITS.maxObjectKeys + 1) }))).toBe('object');
    expect(jsonValueLimitBreach({ x: fields(JSON_LIMITS.maxObjectKeys + 1) })).toBe('object');
  });

  it('ends on a cyclic value at the depth limit', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonValueLimitBreach(cycle)).toBe('depth');
  });

  it('keeps stableJson off the call stack: 100,000 levels throw a RangeError of its own, 64 sign as before', () => {
    expect(stableJson(JSON.parse(nested(64)))).toBe(nested(64));
    expect(() => stableJson(JSON.parse(nested(100_000)))).toThrow(/nested deeper than 64 levels/);
  });
});
