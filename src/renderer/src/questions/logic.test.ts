import { describe, expect, it } from 'vitest';
import { answerInputOf, isAnswerComplete } from '@shared/domain/questions';
import { answerToSend, displayedOptions, formatTimer, normalizeAnswer, padSlots, scoreTone, slotKey, slotPaste, toggleChoice, toQuestion } from './logic';

const base = {
  questionText: 'Т',
  questionText2: '',
  questionImage: '',
  questionAnsColumn1Name: '',
  questionAnsColumn2Name: '',
  questionAnsColumn2: [],
  mixRuleColumn2: [],
  qEgeNum: 1,
  qLessonNum: 5,
  qChapter: 'Ч',
};

describe('part 1 timer', () => {
  it('shows mm:ss up to 3599 s and hh:mm:ss above', () => {
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(65)).toBe('01:05');
    expect(formatTimer(3599)).toBe('59:59');
    expect(formatTimer(3600)).toBe('01:00:00');
    expect(formatTimer(3725)).toBe('01:02:05');
    expect(formatTimer(-5)).toBe('00:00');
  });
});

describe('score colour', () => {
  it('is green at max, orange from half, red below', () => {
    expect(scoreTone(5, 5)).toBe('good');
    expect(scoreTone(6, 5)).toBe('good');
    expect(scoreTone(3, 6)).toBe('half');
    expect(scoreTone(4, 5)).toBe('half');
    expect(scoreTone(2, 5)).toBe('bad');
    expect(scoreTone(0, 2)).toBe('bad');
  });
});

describe('displayed options', () => {
  it('applies the mix rule: displayed i shows original rule[i-1]', () => {
    expect(displayedOptions(['а', 'б', 'в'], [3, 1, 2])).toEqual([
      { number: 1, text: 'в' },
      { number: 2, text: 'а' },
      { number: 3, text: 'б' },
    ]);
    expect(displayedOptions(['а', 'б'], []).map((option) => option.text)).toEqual(['а', 'б']);
  });
});

describe('slot input', () => {
  const empty = { value: '    ', focus: 0 };
  it('fills a slot and advances, stays on the last slot', () => {
    const one = slotKey(empty, '3')!;
    expect(one).toEqual({ value: '3   ', focus: 1 });
    expect(slotKey({ value: '123 ', focus: 3 }, '4')).toEqual({ value: '1234', focus: 3 });
  });
  it('Backspace clears the slot, or goes back and clears the previous one', () => {
    expect(slotKey({ value: '12  ', focus: 1 }, 'Backspace')).toEqual({ value: '1   ', focus: 1 });
    expect(slotKey({ value: '12  ', focus: 2 }, 'Backspace')).toEqual({ value: '1   ', focus: 1 });
    expect(slotKey({ value: '    ', focus: 0 }, 'Backspace')).toEqual({ value: '    ', focus: 0 });
  });
  it('arrows move within bounds; other keys are left alone', () => {
    expect(slotKey({ value: '12  ', focus: 0 }, 'ArrowLeft')!.focus).toBe(0);
    expect(slotKey({ value: '12  ', focus: 0 }, 'ArrowRight')!.focus).toBe(1);
    expect(slotKey({ value: '12  ', focus: 3 }, 'ArrowRight')!.focus).toBe(3);
    expect(slotKey({ value: '12  ', focus: 1 }, 'End')!.focus).toBe(3);
    expect(slotKey({ value: '12  ', focus: 1 }, 'a')).toBeNull();
    expect(slotKey({ value: '12  ', focus: 1 }, 'Tab')).toBeNull();
  });
  it('paste spreads digits from the focused slot and drops the rest', () => {
    expect(slotPaste({ value: '9   ', focus: 1 }, '1-2 3 45')).toEqual({ value: '9123', focus: 3 });
  });
  it('pads and cleans stored answers', () => {
    expect(padSlots('12', 4)).toBe('12  ');
    expect(padSlots('1x345', 4)).toBe('1 34');
  });
});

describe('answers by input kind', () => {
  const set = toQuestion({ ...base, questionType: 'VARIANTS', questionAnsColumn1: ['а', 'б', 'в', 'г', 'д'], mixRuleColumn1: [] })!;
  const match = toQuestion({ ...base, questionType: 'MATCH', questionAnsColumn1: ['а', 'б', 'в'], questionAnsColumn2: ['x', 'y'], mixRuleColumn1: [] })!;
  const word = toQuestion({ ...base, questionType: 'WORD', questionAnsColumn1: [], mixRuleColumn1: [] })!;

  it('rejects an unknown type', () => {
    expect(toQuestion({ ...base, questionType: 'ESSAY', questionAnsColumn1: [], mixRuleColumn1: [] })).toBeNull();
    expect(toQuestion(undefined)).toBeNull();
  });
  it('keeps only digits, slots or Cyrillic letters', () => {
    expect(normalizeAnswer(answerInputOf(set), '1a3b5')).toBe('135');
    expect(normalizeAnswer(answerInputOf(word), 'abcСлово 1')).toBe('Слово');
    expect(normalizeAnswer(answerInputOf(match), '12')).toBe('12 ');
  });
  it('a half-filled match is incomplete and is sent without gaps when complete', () => {
    expect(isAnswerComplete(match, '1 2')).toBe(false);
    expect(isAnswerComplete(match, '122')).toBe(true);
    expect(answerToSend(answerInputOf(match), '122')).toBe('122');
  });
  it('toggles graphic choices unique and ascending', () => {
    expect(toggleChoice('', 3)).toBe('3');
    expect(toggleChoice('3', 1)).toBe('13');
    expect(toggleChoice('13', 3)).toBe('1');
  });
});
