import { digitsOf, toDisplayed } from '../normalize';
import { DEFAULT_MATCH_SLOTS } from '../input-rules';
import { MAX_OPTIONS } from '../question-json';
import { column1ToOriginal, DIGITS_ONLY, isPermutation, MISSING_DIGITS_ANSWER, notDigitsProblem, positionalMistakes, trimmedAnswers, withoutOptionNumber } from './digits';
import type { KindSpec } from './kind-spec';

/** Put the options in order (SEQUENSE): one digit per slot, order matters position by position. */
export const sequenceKind: KindSpec = {
  columns: 1,
  optionsInGraphicWidget: true,
  input: (question) => ({ kind: 'slots', slots: Math.min(MAX_OPTIONS, question.questionAnsColumn1.length || DEFAULT_MATCH_SLOTS), letters: false }),
  typedShape: DIGITS_ONLY,
  toOriginal: column1ToOriginal,
  toDisplayed: (question, canonical) =>
    digitsOf(canonical)
      .map((digit) => toDisplayed(digit, question.mixRuleColumn1))
      .join(''),
  mistakes: (_question, answer, right) => positionalMistakes(answer, right),
  oneMistakeEarnsAPoint: true,
  tidyAnswers: trimmedAnswers,
  missingAnswerText: MISSING_DIGITS_ANSWER,
  answerProblem: (answer, options1) =>
    notDigitsProblem(answer) ?? (isPermutation([...answer].map(Number), options1) ? null : `Последовательность должна содержать каждую цифру от 1 до ${options1} ровно один раз`),
  answerWithoutOption: withoutOptionNumber,
  // A sequence must name every option: the new one goes last.
  answerWithNewOption: (answer, size) => (answer ? `${answer}${size}` : answer),
};
