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

/** Graphic variants: the chosen numbers are unique and between 1 and the option count. */
export function graphicChoiceValid(chosen: readonly number[], optionCount: number): boolean {
  return new Set(chosen).size === chosen.length && chosen.every((value) => Number.isInteger(value) && value >= 1 && value <= optionCount);
}
