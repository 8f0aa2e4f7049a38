import { describe, expect, it } from 'vitest';
import { parseJsonValue, toJsonValue } from './json-value';

/** What the stores did before: a round trip through JSON text. */
const viaText = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('toJsonValue', () => {
  it('gives what a JSON round trip gives', () => {
    const samples: unknown[] = [
      'текст',
      0,
      -1.5,
      true,
      null,
      [1, 'два', null, [true]],
      { answers: { '1': 'Ответ' }, base: undefined, at: 5 },
      { at: new Date(0), nan: Number.NaN, inf: Infinity, skip: () => 1, list: [undefined, () => 1, Symbol('s')] },
      { nested: { deeper: [{ key: 'x', value: { n: 1 } }] } },
      new Map([['a', 1]]),
    ];
    for (const sample of samples) expect(toJsonValue(sample)).toEqual(viaText(sample));
  });

  it('refuses what JSON refuses', () => {
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(() => toJsonValue(cycle)).toThrow(TypeError);
    expect(() => toJsonValue({ big: 1n })).toThrow(TypeError);
    expect(() => toJsonValue(undefined)).toThrow(TypeError);
    expect(() => toJsonValue(() => 1)).toThrow(TypeError);
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { n: 1 };
    expect(toJsonValue({ a: shared, b: [shared, shared] })).toEqual({ a: { n: 1 }, b: [{ n: 1 }, { n: 1 }] });
  });

  it('parses JSON text into JSON data', () => {
    expect(parseJsonValue('{"a":[1,"б",null]}')).toEqual({ a: [1, 'б', null] });
    expect(() => parseJsonValue('{broken')).toThrow(SyntaxError);
  });
});
