import { normalizeWord, wordAnswerKey } from '../normalize';
import { trimmedAnswers } from './digits';
import type { KindSpec } from './kind-spec';

const CYRILLIC_WORD = /^[А-Яа-яЁё]+$/;

/** A term (WORD): typed in Cyrillic letters, right or wrong, several spellings may be accepted. */
export const wordKind: KindSpec = {
  columns: 0,
  optionsInGraphicWidget: false,
  input: () => ({ kind: 'word' }),
  typedShape: /^[А-Яа-яЁё -]+$/,
  toOriginal: (_question, typed) => typed,
  toDisplayed: (_question, canonical) => canonical,
  // Right or simply wrong: a word has no partial mistakes.
  mistakes: (_question, answer, right) => (wordAnswerKey(answer) === wordAnswerKey(right) ? 0 : 1),
  oneMistakeEarnsAPoint: false,
  tidyAnswers: (answers) => [...new Set(trimmedAnswers(answers).map(normalizeWord))],
  missingAnswerText: 'Добавьте хотя бы одно верное слово',
  answerProblem: (answer) => (CYRILLIC_WORD.test(answer) ? null : 'Верное слово пишется только русскими буквами, без пробелов и цифр'),
  // Words do not point at options.
  answerWithoutOption: (answer) => answer,
  answerWithNewOption: (answer) => answer,
};
