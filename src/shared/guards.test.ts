import { describe, expect, it } from 'vitest';
import { errorMessage, fieldOf, isOneOf, isRecord } from './guards';

describe('guards', () => {
  it('isOneOf accepts only listed values', () => {
    const kinds = ['a', 'b'] as const;
    expect(isOneOf(kinds, 'a')).toBe(true);
    expect(isOneOf(kinds, 'c')).toBe(false);
    expect(isOneOf([5, 10], '5')).toBe(false);
    expect(isOneOf([5, 10], 10)).toBe(true);
  });

  it('isRecord accepts plain objects only', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([1])).toBe(false);
    expect(isRecord('x')).toBe(false);
  });

  it('fieldOf reads a field of anything, undefined when absent', () => {
    expect(fieldOf(Object.assign(new Error('x'), { code: 'ENOENT' }), 'code')).toBe('ENOENT');
    expect(fieldOf(null, 'code')).toBeUndefined();
    expect(fieldOf('text', 'length')).toBeUndefined();
  });

  it('errorMessage reads Error messages and stringifies the rest', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });
});
