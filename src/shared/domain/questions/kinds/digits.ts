import { digitsOf, toOriginal } from '../normalize';
import type { QuestionJson } from '../question-json';

/** Pieces the digit kinds (set, match, sequence) share. */

export const DIGITS_ONLY = /^\d+$/;

export const MISSING_DIGITS_ANSWER = 'Укажите верный ответ';

/** Every digit names a column-1 option (set, sequence). */
export function column1ToOriginal(question: QuestionJson, typed: string): string {
  return digitsOf(typed)
    .map((digit) => toOriginal(digit, question.mixRuleColumn1))
    .join('');
}

/** Positions that differ, plus missing or extra positions (match, sequence). */
export function positionalMistakes(answer: string, rightAnswer: string): number {
  const typed = digitsOf(answer);
  const right = digitsOf(rightAnswer);
  let mistakes = Math.abs(typed.length - right.length);
  for (let index = 0; index < Math.min(typed.length, right.length); index += 1) {
    if (typed[index] !== right[index]) mistakes += 1;
  }
  return mistakes;
}

/** A stored digit answer uses digits 1–9 only. */
export function notDigitsProblem(answer: string): string | null {
  return /^[1-9]+$/.test(answer) ? null : 'Верный ответ записывается цифрами от 1 до 9';
}

export function trimmedAnswers(answers: readonly string[]): string[] {
  return answers.map((answer) => answer.trim()).filter((answer) => answer !== '');
}

/** The digits 1–9 of a stored answer. */
export function optionDigits(answer: string): number[] {
  return [...answer].filter((char) => char >= '1' && char <= '9').map(Number);
}

/** A set or sequence answer without option `removed`; later options move up by one. */
export function withoutOptionNumber(answer: string, removed: number): string {
  return optionDigits(answer)
    .filter((n) => n !== removed)
    .map((n) => (n > removed ? n - 1 : n))
    .join('');
}

export function isPermutation(rule: readonly number[], size: number): boolean {
  if (rule.length !== size) return false;
  const seen = new Set(rule);
  return seen.size === size && rule.every((value) => Number.isInteger(value) && value >= 1 && value <= size);
}
