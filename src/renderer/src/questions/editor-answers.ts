import type { EditableQuestion } from '@shared/contract/question-bank-admin';
import { ANSWER_KIND_SPECS, MATCH_LETTERS, type AnswerKind } from '@shared/domain/questions';

/** Right-answer editing of the back-office question editor, one helper group per answer kind. */

/** The editor's form: the question without its id. */
export type QuestionForm = EditableQuestion;

/** Row label: letters for the rows of a two-column kind's first column, numbers otherwise. */
export function rowLabel(kind: AnswerKind, column: 1 | 2, index: number): string {
  return ANSWER_KIND_SPECS[kind].columns === 2 && column === 1 ? (MATCH_LETTERS[index] ?? String(index + 1)) : String(index + 1);
}

const digits = (answer: string | undefined) => [...(answer ?? '')].filter((char) => char >= '1' && char <= '9').map(Number);

/** Set answers: toggles an option number in the first right answer. */
export function toggleRight(form: QuestionForm, option: number): QuestionForm {
  const chosen = new Set(digits(form.rightAnswers[0]));
  if (chosen.has(option)) chosen.delete(option);
  else chosen.add(option);
  return { ...form, rightAnswers: [[...chosen].sort((a, b) => a - b).join('')] };
}

/** Match answers: the chosen column-2 number of a row ('0' while a row has none). */
export function matchChoice(form: QuestionForm, row: number): number {
  const char = (form.rightAnswers[0] ?? '')[row];
  return char && char >= '1' && char <= '9' ? Number(char) : 0;
}

export function setMatch(form: QuestionForm, row: number, option: number): QuestionForm {
  const rows = form.questionAnsColumn1.length;
  const current = (form.rightAnswers[0] ?? '').padEnd(rows, '0').slice(0, rows).split('');
  current[row] = String(option);
  return { ...form, rightAnswers: [current.join('')] };
}

/** Sequence answers: the order as option numbers; an unusable answer shows the list order. */
export function sequenceOrder(form: QuestionForm): { order: number[]; set: boolean } {
  const size = form.questionAnsColumn1.length;
  const order = digits(form.rightAnswers[0]);
  const valid = order.length === size && new Set(order).size === size && order.every((n) => n <= size);
  return valid ? { order, set: true } : { order: Array.from({ length: size }, (_, i) => i + 1), set: false };
}

export function moveInSequence(form: QuestionForm, position: number, delta: -1 | 1): QuestionForm {
  const { order } = sequenceOrder(form);
  const target = position + delta;
  if (target < 0 || target >= order.length) return form;
  [order[position], order[target]] = [order[target]!, order[position]!];
  return { ...form, rightAnswers: [order.join('')] };
}
