import { digitsOf, toDisplayed } from '../normalize';
import { MAX_OPTIONS } from '../question-json';
import { column1ToOriginal, DIGITS_ONLY, MISSING_DIGITS_ANSWER, notDigitsProblem, trimmedAnswers, withoutOptionNumber } from './digits';
import type { KindSpec } from './kind-spec';

/** Choose several options (VARIANTS, VARIANTS_HIDDEN): free digits, any order. */
export const setKind: KindSpec = {
  columns: 1,
  optionsInGraphicWidget: true,
  input: (question) => ({ kind: 'digits', maxLength: Math.min(MAX_OPTIONS, question.questionAnsColumn1.length || MAX_OPTIONS) }),
  typedShape: DIGITS_ONLY,
  toOriginal: column1ToOriginal,
  toDisplayed: (question, canonical) =>
    digitsOf(canonical)
      .map((digit) => toDisplayed(digit, question.mixRuleColumn1))
      .sort((a, b) => a - b)
      .join(''),
  /**
   * Right digits missing + digits that should not be there (a repeated digit and one out of the
   * option range count as extra). So one extra digit beside all the right ones, or one right digit
   * missing, is one mistake; a wrong digit in place of a right one is two (ФИПИ: «одной неверно
   * указанной, в том числе лишней, цифрой наряду со всеми верными цифрами»).
   */
  mistakes: (question, answer, right) => {
    const optionCount = question.questionAnsColumn1.length || MAX_OPTIONS;
    const rightSet = new Set(digitsOf(right));
    const seen = new Set<number>();
    let extra = 0;
    for (const digit of digitsOf(answer)) {
      if (seen.has(digit) || !rightSet.has(digit) || digit < 1 || digit > optionCount) extra += 1;
      seen.add(digit);
    }
    const missing = [...rightSet].filter((digit) => !seen.has(digit)).length;
    return missing + extra;
  },
  oneMistakeEarnsAPoint: true,
  tidyAnswers: (answers) => trimmedAnswers(answers).map((answer) => [...answer].sort().join('')),
  missingAnswerText: MISSING_DIGITS_ANSWER,
  answerProblem: (answer, options1) => {
    const notDigits = notDigitsProblem(answer);
    if (notDigits) return notDigits;
    const digits = [...answer].map(Number);
    if (new Set(digits).size !== digits.length) return 'Цифры верного ответа не должны повторяться';
    if (digits.some((digit) => digit > options1)) return `В верном ответе есть номер больше числа вариантов (${options1})`;
    return null;
  },
  answerWithoutOption: withoutOptionNumber,
  answerWithNewOption: (answer) => answer,
};
