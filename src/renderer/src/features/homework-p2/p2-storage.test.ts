import { describe, expect, it } from 'vitest';
import { parseP2Draft } from './p2-storage';

describe('part 2 draft read back from the offline store', () => {
  it('gives the draft of this homework and tab, text answers only', () => {
    const stored = { key: '7:0', tab: 'AbC123', at: 5, answers: { '1': 'Ответ', '2': 3 }, base: { '1': '', '2': null } };
    expect(parseP2Draft(stored, '7:0', 'AbC123')).toEqual({ key: '7:0', tab: 'AbC123', at: 5, answers: { '1': 'Ответ' }, base: { '1': '' } });
  });

  it('refuses another tab’s draft and what is not a draft', () => {
    const stored = { key: '7:0', tab: 'AbC123', at: 5, answers: { '1': 'Ответ' } };
    expect(parseP2Draft(stored, '7:0', 'Other1')).toBeNull();
    expect(parseP2Draft(stored, '8:0', 'AbC123')).toBeNull();
    expect(parseP2Draft({ key: '7:0', tab: 'AbC123', answers: 'текст' }, '7:0', 'AbC123')).toBeNull();
    expect(parseP2Draft(['7:0'], '7:0', 'AbC123')).toBeNull();
    expect(parseP2Draft('7:0', '7:0', 'AbC123')).toBeNull();
  });

  it('keeps a draft without a base or a time (older versions)', () => {
    expect(parseP2Draft({ key: '7:0', tab: 'T', answers: { '1': 'а' } }, '7:0', 'T')).toEqual({ key: '7:0', tab: 'T', at: 0, answers: { '1': 'а' } });
  });
});
