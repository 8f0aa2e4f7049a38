import { ANSWER_KIND_SPECS, MAX_OPTIONS, answerKindOf, type AnswerKind, type QuestionType } from '@shared/domain/questions';
import { isQuestionType } from '@shared/domain/question-bank-p1';
import type { QuestionForm } from '../../questions/editor-answers';

export function kindOf(form: QuestionForm): AnswerKind {
  return isQuestionType(form.questionType) ? answerKindOf(form.questionType) : 'set';
}

/** Removes option `index` (0-based) of a column and renumbers everything that points at options. */
export function removeOption(form: QuestionForm, column: 1 | 2, index: number): QuestionForm {
  const removed = index + 1;
  const shift = (n: number) => (n > removed ? n - 1 : n);
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
  const spec = ANSWER_KIND_SPECS[kindOf(form)];
  return {
    ...form,
    questionAnsColumn1: form.questionAnsColumn1.filter((_, i) => i !== index),
    descriptions: form.descriptions.filter((_, i) => i !== index),
    mixRuleColumn1: dropFromRule(form.mixRuleColumn1),
    rightAnswers: form.rightAnswers.map((answer) => spec.answerWithoutOption(answer, removed)),
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
  const [first, ...others] = form.rightAnswers;
  return {
    ...form,
    questionAnsColumn1: [...form.questionAnsColumn1, ''],
    mixRuleColumn1: form.mixRuleColumn1.length ? [...form.mixRuleColumn1, size] : [],
    rightAnswers: first === undefined ? form.rightAnswers : [ANSWER_KIND_SPECS[kindOf(form)].answerWithNewOption(first, size), ...others],
  };
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
