import { answerKindOf, type QuestionJson } from './question-json';

/**
 * Turns a typed answer into its canonical form in ORIGINAL numbering, or describes why it cannot
 * be one. Canonical forms: 'set' → ascending unique digits; 'match' and 'sequence' → digits in
 * order; 'word' → lower case, ё → е, inner spaces collapsed.
 */

/** WORD answers: case-insensitive, ё = е, surrounding and repeated spaces ignored. */
export function normalizeWord(value: string): string {
  return value.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}

/**
 * The key two word answers are compared by, on every client and the server alike (issue 40): the
 * letters the web's word input keeps (onlyCyrillic drops spaces, hyphens and anything else), lower
 * case, ё = е — so «рыночная экономика», «Рыночная-экономика» and «рыночнаяэкономика» are one answer.
 */
export function wordAnswerKey(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е').replace(/[^а-я]/g, '');
}

/** Digits typed by the student, in typing order; anything else is dropped. */
export function digitsOf(value: string): number[] {
  return [...value].filter((char) => char >= '0' && char <= '9').map(Number);
}

/** Maps a displayed option number back to its original number through a presentation rule. */
export function toOriginal(displayed: number, rule: readonly number[]): number {
  if (rule.length === 0) return displayed;
  return rule[displayed - 1] ?? displayed; // Out of range stays out of range (and so stays wrong).
}

/** Maps an original option number to where it is displayed (the inverse of toOriginal). */
export function toDisplayed(original: number, rule: readonly number[]): number {
  if (rule.length === 0) return original;
  const index = rule.indexOf(original);
  return index === -1 ? original : index + 1;
}

/**
 * The student's answer as typed against the displayed (shuffled) question, rewritten in original
 * numbering, so scoring never depends on the presentation.
 * - set / sequence: every digit names a column-1 option.
 * - match: the digit in displayed row i names a displayed column-2 option for displayed row i.
 */
export function answerToOriginal(question: QuestionJson, typed: string): string {
  const kind = answerKindOf(question.questionType);
  if (kind === 'word') return typed;
  const digits = digitsOf(typed);
  if (kind !== 'match') return digits.map((digit) => toOriginal(digit, question.mixRuleColumn1)).join('');
  const rows = question.questionAnsColumn1.length || digits.length;
  const original: (number | undefined)[] = Array.from({ length: Math.max(rows, digits.length) });
  digits.forEach((digit, displayedRow) => {
    // Rows beyond the question's rows (extra slots) stay where they were: they are mistakes anyway.
    const row = displayedRow < rows ? toOriginal(displayedRow + 1, question.mixRuleColumn1) - 1 : displayedRow;
    original[row] = toOriginal(digit, question.mixRuleColumn2);
  });
  return original.map((digit) => (digit === undefined ? '0' : String(digit))).join('');
}

/** A right answer rewritten for the displayed presentation (what the result view shows). */
export function answerToDisplayed(question: QuestionJson, canonical: string): string {
  const kind = answerKindOf(question.questionType);
  if (kind === 'word') return canonical;
  const digits = digitsOf(canonical);
  if (kind === 'set') return digits.map((digit) => toDisplayed(digit, question.mixRuleColumn1)).sort((a, b) => a - b).join('');
  if (kind === 'sequence') return digits.map((digit) => toDisplayed(digit, question.mixRuleColumn1)).join('');
  const rows = Math.max(question.questionAnsColumn1.length, digits.length);
  const displayed: (number | undefined)[] = Array.from({ length: rows });
  digits.forEach((digit, originalRow) => {
    displayed[toDisplayed(originalRow + 1, question.mixRuleColumn1) - 1] = toDisplayed(digit, question.mixRuleColumn2);
  });
  // An unanswered row is a '0' in its place, so later rows keep their positions.
  return displayed.map((digit) => (digit === undefined ? '0' : String(digit))).join('');
}
