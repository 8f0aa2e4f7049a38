import { digitsOf, toDisplayed, toOriginal } from '../normalize';
import { DEFAULT_MATCH_SLOTS } from '../input-rules';
import { MAX_OPTIONS } from '../question-json';
import { DIGITS_ONLY, MISSING_DIGITS_ANSWER, notDigitsProblem, positionalMistakes, trimmedAnswers } from './digits';
import type { KindSpec } from './kind-spec';

/** Matching (MATCH, MATCH_HIDDEN, MATCH_8_RUS, MATCH_22_RUS): one column-2 digit per lettered row. */
export const matchKind: KindSpec = {
  columns: 2,
  optionsInGraphicWidget: false,
  input: (question) => ({ kind: 'slots', slots: Math.min(MAX_OPTIONS, question.questionAnsColumn1.length || DEFAULT_MATCH_SLOTS), letters: true }),
  typedShape: DIGITS_ONLY,
  /** The digit in displayed row i names a displayed column-2 option for displayed row i. */
  toOriginal: (question, typed) => {
    const digits = digitsOf(typed);
    const rows = question.questionAnsColumn1.length || digits.length;
    const original: (number | undefined)[] = Array.from({ length: Math.max(rows, digits.length) });
    digits.forEach((digit, displayedRow) => {
      // Rows beyond the question's rows (extra slots) stay where they were: they are mistakes anyway.
      const row = displayedRow < rows ? toOriginal(displayedRow + 1, question.mixRuleColumn1) - 1 : displayedRow;
      original[row] = toOriginal(digit, question.mixRuleColumn2);
    });
    return original.map((digit) => (digit === undefined ? '0' : String(digit))).join('');
  },
  toDisplayed: (question, canonical) => {
    const digits = digitsOf(canonical);
    const rows = Math.max(question.questionAnsColumn1.length, digits.length);
    const displayed: (number | undefined)[] = Array.from({ length: rows });
    digits.forEach((digit, originalRow) => {
      displayed[toDisplayed(originalRow + 1, question.mixRuleColumn1) - 1] = toDisplayed(digit, question.mixRuleColumn2);
    });
    // An unanswered row is a '0' in its place, so later rows keep their positions.
    return displayed.map((digit) => (digit === undefined ? '0' : String(digit))).join('');
  },
  mistakes: (_question, answer, right) => positionalMistakes(answer, right),
  oneMistakeEarnsAPoint: true,
  tidyAnswers: trimmedAnswers,
  missingAnswerText: MISSING_DIGITS_ANSWER,
  answerProblem: (answer, options1, options2) => {
    const notDigits = notDigitsProblem(answer);
    if (notDigits) return notDigits;
    const digits = [...answer].map(Number);
    if (digits.length !== options1) return `Укажите по одной цифре для каждой строки первого столбца (${options1})`;
    if (digits.some((digit) => digit > options2)) return `В верном ответе есть номер больше числа вариантов второго столбца (${options2})`;
    return null;
  },
  // The removed row's digit goes with it; the other rows keep theirs.
  answerWithoutOption: (answer, removed) => [...answer].filter((_, index) => index !== removed - 1).join(''),
  answerWithNewOption: (answer) => answer,
};
