import type { EditableQuestion } from '@shared/contract/question-bank-admin';
import { MAX_OPTIONS, MATCH_LETTERS, answerKindOf, type AnswerKind, type QuestionType } from '@shared/domain/questions';
import { isQuestionType } from '@shared/domain/question-bank-p1';

/** The editor's form: the question without its id. */
export type QuestionForm = EditableQuestion;

export function kindOf(form: QuestionForm): AnswerKind {
  return isQuestionType(form.questionType) ? answerKindOf(form.questionType) : 'set';
}

/** Row label: letters for the first column of a match, numbers otherwise. */
export function rowLabel(kind: AnswerKind, column: 1 | 2, index: number): string {
  return kind === 'match' && column === 1 ? (MATCH_LETTERS[index] ?? String(index + 1)) : String(index + 1);
}

const digits = (answer: string | undefined) => [...(answer ?? '')].filter((char) => char >= '1' && char <= '9').map(Number);

/** Removes option `index` (0-based) of a column and renumbers everything that points at options. */
export function removeOption(form: QuestionForm, column: 1 | 2, index: number): QuestionForm {
  const removed = index + 1;
  const shift = (n: number) => (n > removed ? n - 1 : n);
  const kind = kindOf(form);
  const dropFromRule = (rule: number[]) => (rule.length === 0 ? rule : rule.filter((n) => n !== removed).map(shift));
  if (column === 2) {
    return {
      ...form,
      questionAnsColumn2: form.questionAnsColumn2.filter((_, i) => i !== index),
      mixRuleColumn2: dropFromRule(form.mixRuleColumn2),
      // A row that pointed at the removed option loses its answer ('0' = not chosen).
      rightAnswers: form.rightAnswers.map((answer) => [...answer].map((char) => (Number(char) === removed ? '0' : String(shift(Number(char))))).join('')),
    };
  }
  const rightAnswers = form.rightAnswers.map((answer) => {
    if (kind === 'match') return [...answer].filter((_, i) => i !== index).join('');
    return digits(answer)
      .filter((n) => n !== removed)
      .map(shift)
      .join('');
  });
  return {
    ...form,
    questionAnsColumn1: form.questionAnsColumn1.filter((_, i) => i !== index),
    descriptions: form.descriptions.filter((_, i) => i !== index),
    mixRuleColumn1: dropFromRule(form.mixRuleColumn1),
    rightAnswers: kind === 'word' ? form.rightAnswers : rightAnswers,
  };
}

/** Adds an empty option at the end of a column (at most nine); a shuffle rule gets it last. */
export function addOption(form: QuestionForm, column: 1 | 2): QuestionForm {
  if (column === 2) {
    if (form.questionAnsColumn2.length >= MAX_OPTIONS) return form;
    const size = form.questionAnsColumn2.length + 1;
    return { ...form, questionAnsColumn2: [...form.questionAnsColumn2, ''], mixRuleColumn2: form.mixRuleColumn2.length ? [...form.mixRuleColumn2, size] : [] };
  }
  if (form.questionAnsColumn1.length >= MAX_OPTIONS) return form;
  const size = form.questionAnsColumn1.length + 1;
  const kind = kindOf(form);
  return {
    ...form,
    questionAnsColumn1: [...form.questionAnsColumn1, ''],
    mixRuleColumn1: form.mixRuleColumn1.length ? [...form.mixRuleColumn1, size] : [],
    // A sequence must name every option: the new one goes last.
    rightAnswers: kind === 'sequence' && form.rightAnswers[0] ? [`${form.rightAnswers[0]}${size}`, ...form.rightAnswers.slice(1)] : form.rightAnswers,
  };
}

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

/** A type change keeps what still fits; answers of another kind would be meaningless. */
export function changeType(form: QuestionForm, type: QuestionType): QuestionForm {
  const before = kindOf(form);
  const after = answerKindOf(type);
  return { ...form, questionType: type, rightAnswers: before === after ? form.rightAnswers : [] };
}

/** Whether the form differs from what was loaded (compares the stored shape). */
export function isDirty(form: QuestionForm, loaded: QuestionForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(loaded);
}
