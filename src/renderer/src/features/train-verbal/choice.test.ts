import { describe, expect, it } from 'vitest';
import { choiceType } from './choice';

describe('oral trainer choice', () => {
  it('gives the wire type, or null while a value is missing', () => {
    expect(choiceType({ kind: 'all', value: '', with90Plus: false })).toBe('all');
    expect(choiceType({ kind: 'zachet', value: '2', with90Plus: true })).toBe('zachet:2');
    expect(choiceType({ kind: 'razdel', value: 'Экономика', with90Plus: false })).toBe('razdel:Экономика');
    expect(choiceType({ kind: 'lesson', value: '', with90Plus: false })).toBeNull();
    expect(choiceType({ kind: 'lesson', value: 'x', with90Plus: false })).toBeNull();
  });
});
