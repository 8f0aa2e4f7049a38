import { answerKindOf, MAX_OPTIONS, type QuestionJson } from './question-json';

/** Input rules of part 1 answers (learning-area §5), shared by both question views. */

/** Letters of matching rows, А–И (nine at most). */
export const MATCH_LETTERS = ['А', 'Б', 'В', 'Г', 'Д', 'Е', 'Ж', 'З', 'И'] as const;

/** Matching answers have four slots unless the question lists its rows. */
export const DEFAULT_MATCH_SLOTS = 4;

/** Numeric inputs accept digits only. */
export function onlyDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** The word input accepts Cyrillic letters only. */
export function onlyCyrillic(value: string): string {
  return value.replace(/[^А-Яа-яЁё]/g, '');
}

/** How the answer is typed: one digit per slot (match, sequence), free digits (set) or a word. */
export type AnswerInput = { kind: 'slots'; slots: number; letters: boolean } | { kind: 'digits'; maxLength: number } | { kind: 'word' };

export function answerInputOf(question: QuestionJson): AnswerInput {
  const kind = answerKindOf(question.questionType);
  switch (kind) {
    case 'match':
      return { kind: 'slots', slots: Math.min(MAX_OPTIONS, question.questionAnsColumn1.length || DEFAULT_MATCH_SLOTS), letters: true };
    case 'sequence':
      return { kind: 'slots', slots: Math.min(MAX_OPTIONS, question.questionAnsColumn1.length || DEFAULT_MATCH_SLOTS), letters: false };
    case 'set':
      return { kind: 'digits', maxLength: Math.min(MAX_OPTIONS, question.questionAnsColumn1.length || MAX_OPTIONS) };
    case 'word':
      return { kind: 'word' };
  }
}

/** Continue stays disabled until this is true: non-empty, and for slots every slot filled. */
export function isAnswerComplete(question: QuestionJson, answer: string): boolean {
  const input = answerInputOf(question);
  if (input.kind === 'word') return onlyCyrillic(answer).length > 0;
  const digits = onlyDigits(answer);
  if (input.kind === 'slots') return digits.length === input.slots;
  return digits.length > 0;
}

/** Graphic variants: the chosen numbers are unique and between 1 and the option count. */
export function graphicChoiceValid(chosen: readonly number[], optionCount: number): boolean {
  return new Set(chosen).size === chosen.length && chosen.every((value) => Number.isInteger(value) && value >= 1 && value <= optionCount);
}
