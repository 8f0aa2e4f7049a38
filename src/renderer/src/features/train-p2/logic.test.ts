import { describe, expect, it } from 'vitest';
import { ruTrainP2 } from '../../i18n/train-p2';
import { questionImageUrl, readChoice, scoreTone, setsForMode, typedScoreProblem, validateCheck, writeChoice } from './logic';

const v = ruTrainP2.validation;

class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('training part 2 logic', () => {
  it('checks the form in the spec order: comment, blank score, above max, below zero', () => {
    expect(validateCheck(' ', '', 3, v)).toEqual({ ok: false, error: 'Вы не написали комментарий' });
    expect(validateCheck('ок', ' ', 3, v)).toEqual({ ok: false, error: 'Вы не поставили баллы' });
    expect(validateCheck('ок', '4', 3, v)).toEqual({ ok: false, error: 'Вы поставили больше максимального балла. Максимальный балл: 3' });
    expect(validateCheck('ок', '-1', 3, v)).toEqual({ ok: false, error: 'Нельзя поставить меньше 0 баллов' });
    expect(validateCheck('ок', '1.5', 3, v)).toEqual({ ok: false, error: v.whole });
    expect(validateCheck('ок', ' 03 ', 3, v)).toEqual({ ok: true, score: 3 });
    expect(validateCheck('ок', '0', 3, v)).toEqual({ ok: true, score: 0 });
  });

  it('judges a score while it is typed: above the maximum, below 0 or a fraction; nothing for an empty or unfinished one', () => {
    expect(typedScoreProblem('4', 3, v)).toBe('Вы поставили больше максимального балла. Максимальный балл: 3');
    expect(typedScoreProblem(' 10 ', 3, v)).toBe('Вы поставили больше максимального балла. Максимальный балл: 3');
    expect(typedScoreProblem('-2', 3, v)).toBe('Нельзя поставить меньше 0 баллов');
    expect(typedScoreProblem('1,5', 3, v)).toBe(v.whole);
    for (const fine of ['', ' ', '-', 'абв', '0', '3', '2']) expect(typedScoreProblem(fine, 3, v)).toBeNull();
  });

  it('colours a score full, partial or zero', () => {
    expect(scoreTone(3, 3)).toBe('full');
    expect(scoreTone(1, 3)).toBe('partial');
    expect(scoreTone(0, 3)).toBe('zero');
    expect(scoreTone(null, 3)).toBe('zero');
  });

  it('builds the question and explanation image addresses with a cache-busting query', () => {
    expect(questionImageUrl(12, false, 'abc')).toBe('/questions2/12.png?abc');
    expect(questionImageUrl(12, true, 'abc')).toBe('/questions2/12_poyasn.png?abc');
    expect(questionImageUrl(5)).toMatch(/^\/questions2\/5\.png\?[a-z0-9]+$/);
  });

  it('offers the AI only its own lists', () => {
    const sets = { chapters: ['А'], egeNums: [17], chaptersAI: [], egeNumsAI: [] };
    expect(setsForMode('checkByAI', sets)).toEqual({ chapters: [], egeNums: [] });
    expect(setsForMode('selfCheck', sets)).toEqual({ chapters: ['А'], egeNums: [17] });
  });

  it('remembers the choice and ignores a broken one', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(readChoice(storage).mode).toBe('selfCheck');
    writeChoice({ mode: 'checkByClassmates', onlyUnsolved: true, chapter: { selfCheck: 'Экономика' }, egeNum: {} }, storage);
    expect(readChoice(storage)).toEqual({ mode: 'checkByClassmates', onlyUnsolved: true, chapter: { selfCheck: 'Экономика' }, egeNum: {} });
    storage.setItem('enot.trainP2Choice', '{"mode":"nope"');
    expect(readChoice(storage).mode).toBe('selfCheck');
  });
});
