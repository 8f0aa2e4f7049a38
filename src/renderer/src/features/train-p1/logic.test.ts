import { describe, expect, it } from 'vitest';
import { choiceOfTest, choiceType, DEFAULT_CHOICE, describeType, formatRatingChange, parseChoice, ratingTone } from './logic';

describe('training part 1 screen logic', () => {
  it('formats rating changes with a sign and one decimal, colours by sign', () => {
    expect(['1.0', '0.0', '-0.5', '12.5'].map(formatRatingChange)).toEqual(['+1.0', '+0.0', '-0.5', '+12.5']);
    expect(formatRatingChange(1.5)).toBe('+1.5');
    expect(['0.0', '0.5', '-0.5'].map(ratingTone)).toEqual(['zero', 'up', 'down']);
  });

  it('builds the testing type only when a kind that needs a value has one', () => {
    expect(choiceType({ ...DEFAULT_CHOICE, kind: 'random' })).toBe('random');
    expect(choiceType({ ...DEFAULT_CHOICE, kind: 'chapter' })).toBeNull();
    expect(choiceType({ ...DEFAULT_CHOICE, kind: 'chapter', values: { chapter: 'Экономика' } })).toBe('chapter:Экономика');
    expect(choiceType({ ...DEFAULT_CHOICE, kind: 'zachetNum', values: { zachetNum: 2 } })).toBe('zachetNum:2');
  });

  it('reads the stored choice field by field, falling back to defaults (count 10)', () => {
    expect(parseChoice(null)).toEqual(DEFAULT_CHOICE);
    expect(parseChoice('{broken')).toEqual(DEFAULT_CHOICE);
    expect(DEFAULT_CHOICE.qNums).toBe(10);
    expect(parseChoice(JSON.stringify({ kind: 'egeNum', values: { egeNum: 4, chapter: 7 }, qNums: 20, includeSelfmade: true }))).toEqual({ kind: 'egeNum', values: { egeNum: 4 }, qNums: 20, includeSelfmade: true, include90Plus: false });
    expect(parseChoice(JSON.stringify({ kind: 'random', qNums: 5, include90Plus: true })).include90Plus).toBe(true);
    expect(parseChoice(JSON.stringify({ kind: 'random', qNums: 5, include90Plus: '1' })).include90Plus).toBe(false);
    expect(parseChoice(JSON.stringify({ kind: 'nope', qNums: 3 }))).toEqual(DEFAULT_CHOICE);
  });

  it('names test types and repeats a test with the same parameters', () => {
    expect(describeType('chapter:Экономика')).toBe('По разделу: Экономика');
    expect(describeType('asEge')).toBe('Тест как на ЕГЭ');
    expect(describeType('strange')).toBe('Неизвестный тип');
    expect(choiceOfTest({ testingType: 'lessonNum:3', includeSelfmade: '1', include90Plus: '1', qNums: 5 }, DEFAULT_CHOICE)).toEqual({ kind: 'lessonNum', values: { lessonNum: 3 }, qNums: 5, includeSelfmade: true, include90Plus: true });
    expect(choiceOfTest({ testingType: 'strange', includeSelfmade: '0', include90Plus: '0', qNums: 5 }, DEFAULT_CHOICE)).toBeNull();
  });
});
