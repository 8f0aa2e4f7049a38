import { describe, expect, it } from 'vitest';
import {
  answerInputOf,
  answerToDisplayed,
  answerToOriginal,
  graphicChoiceValid,
  isAnswerComplete,
  kindSpecOf,
  normalizeWord,
  onlyCyrillic,
  onlyDigits,
  questionJsonSchema,
  QUESTION_TYPES,
  scoreAnswer,
  type QuestionJson,
  type QuestionType,
} from './index';

const question = (type: QuestionType, right: string | string[], extra: Partial<QuestionJson> = {}): QuestionJson =>
  questionJsonSchema.parse({
    questionType: type,
    questionAnsColumn1: ['а', 'б', 'в', 'г', 'д', 'е'],
    questionAnsColumn2: ['1', '2', '3', '4', '5'],
    rightAnswers: Array.isArray(right) ? right : [right],
    ...extra,
  });

describe('presentations', () => {
  it('maps a shuffled set answer back to original numbering', () => {
    const q = question('VARIANTS', '135', { mixRuleColumn1: [3, 1, 5, 2, 6, 4] });
    // Displayed 1 = original 3, displayed 2 = original 1, displayed 3 = original 5.
    expect(answerToOriginal(q, '123')).toBe('315');
    expect(scoreAnswer(q, '123', 2)).toBe(2);
    expect(answerToDisplayed(q, '135')).toBe('123');
  });

  it('maps a shuffled match answer by rows and by options', () => {
    const q = question('MATCH', '2113', { questionAnsColumn1: ['а', 'б', 'в', 'г'], questionAnsColumn2: ['x', 'y', 'z'], mixRuleColumn1: [4, 3, 2, 1], mixRuleColumn2: [3, 1, 2] });
    const shown = answerToDisplayed(q, '2113');
    expect(answerToOriginal(q, shown)).toBe('2113');
    expect(scoreAnswer(q, shown, 2)).toBe(2);
  });
});

/** Small deterministic PRNG so a failure is reproducible. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function shuffled(n: number, random: () => number): number[] {
  const items = Array.from({ length: n }, (_, index) => index + 1);
  for (let index = n - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

describe('properties', () => {
  const digitTypes = QUESTION_TYPES.filter((type) => type !== 'WORD');
  it('the right answer always scores the maximum, and a shuffle never changes any score', () => {
    const random = prng(20261122);
    for (let run = 0; run < 3000; run += 1) {
      const type = digitTypes[Math.floor(random() * digitTypes.length)]!;
      const rows = 2 + Math.floor(random() * 5);
      const options = 2 + Math.floor(random() * 7);
      const isMatch = type.startsWith('MATCH');
      const column1 = Array.from({ length: isMatch ? rows : options }, (_, index) => `r${index}`);
      const column2 = Array.from({ length: options }, (_, index) => `o${index}`);
      let right: string;
      if (isMatch) right = Array.from({ length: rows }, () => 1 + Math.floor(random() * options)).join('');
      else if (type === 'SEQUENSE') right = shuffled(column1.length, random).join('');
      else right = shuffled(column1.length, random).slice(0, 1 + Math.floor(random() * column1.length)).sort().join('');
      const plain = question(type, right, { questionAnsColumn1: column1, questionAnsColumn2: column2 });
      const mixed: QuestionJson = { ...plain, mixRuleColumn1: shuffled(column1.length, random), mixRuleColumn2: isMatch ? shuffled(column2.length, random) : [] };
      const max = 1 + Math.floor(random() * 2);

      expect(scoreAnswer(mixed, answerToDisplayed(mixed, right), max)).toBe(max);

      // Any answer (original numbering) scores the same whichever way it is presented.
      const length = Math.max(1, right.length + Math.floor(random() * 3) - 1);
      const attempt = Array.from({ length }, () => 1 + Math.floor(random() * (isMatch ? options : column1.length))).join('');
      const got = scoreAnswer(mixed, answerToDisplayed(mixed, attempt), max);
      if (got !== scoreAnswer(plain, attempt, max)) throw new Error(JSON.stringify({ type, right, attempt, shown: answerToDisplayed(mixed, attempt), back: answerToOriginal(mixed, answerToDisplayed(mixed, attempt)), mix1: mixed.mixRuleColumn1, mix2: mixed.mixRuleColumn2, rows: column1.length, max, got }));
    }
  });
});

describe('input rules', () => {
  it('filters digits and Cyrillic letters', () => {
    expect(onlyDigits('1a2 3-')).toBe('123');
    expect(onlyCyrillic('Ёж, hedgehog 1 ёлка')).toBe('Ёжёлка');
    expect(normalizeWord(' Ёлка  Зелёная ')).toBe('елка зеленая');
  });

  it('gives matching one slot per row (default 4) and sets free digits', () => {
    expect(answerInputOf(question('MATCH', '2113', { questionAnsColumn1: ['а', 'б', 'в', 'г', 'д'] }))).toEqual({ kind: 'slots', slots: 5, letters: true });
    expect(answerInputOf(question('MATCH_HIDDEN', '2113', { questionAnsColumn1: [] }))).toEqual({ kind: 'slots', slots: 4, letters: true });
    expect(answerInputOf(question('VARIANTS', '12'))).toEqual({ kind: 'digits', maxLength: 6 });
    expect(answerInputOf(question('WORD', 'слово'))).toEqual({ kind: 'word' });
    expect(answerInputOf(question('SEQUENSE', '12'))).toEqual(kindSpecOf({ questionType: 'SEQUENSE' }).input(question('SEQUENSE', '12')));
  });

  it('keeps Continue disabled until the answer is complete', () => {
    const match = question('MATCH', '2113', { questionAnsColumn1: ['а', 'б', 'в', 'г'] });
    expect(isAnswerComplete(match, '211')).toBe(false);
    expect(isAnswerComplete(match, '2113')).toBe(true);
    expect(isAnswerComplete(question('VARIANTS', '1'), '')).toBe(false);
    expect(isAnswerComplete(question('WORD', 'а'), '123')).toBe(false);
  });

  it('accepts graphic variants only unique and in range', () => {
    expect(graphicChoiceValid([1, 3], 5)).toBe(true);
    expect(graphicChoiceValid([1, 1], 5)).toBe(false);
    expect(graphicChoiceValid([0, 2], 5)).toBe(false);
    expect(graphicChoiceValid([6], 5)).toBe(false);
  });
});
