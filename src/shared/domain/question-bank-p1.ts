import { isPermutation, kindSpecOf, MAX_OPTIONS, QUESTION_TYPES, type QuestionJson, type QuestionType } from './questions';
import { isOneOf } from '../guards';

/**
 * Editing rules of the part 1 bank (back-office §3 'Question P1', §5). Shared so the edit dialog
 * shows the same Russian texts next to its fields that the server answers with.
 */

export const QUESTION_BANK_TEXTS = {
  unsupportedType: 'Указанный тип вопроса не поддерживается',
  notFound: 'Вопрос не найден',
  createFailed: 'Не удалось создать вопрос',
  createdNoRefresh: 'Вопрос создан , не удалось обновить отображение',
  noData: 'Данные отсутствуют',
  imageType: 'Разрешены только форматы jpeg, jpg, png',
  imageSize: 'Размер файла не должен превышать 10 МБ',
} as const;

/** Part 1 covers exam tasks 1–16. */
export const EGE_NUM_MIN = 1;
export const EGE_NUM_MAX = 16;

/** Field of the edit form → the first problem in it. */
export type QuestionFieldErrors = Partial<Record<QuestionField, string>>;
export type QuestionField =
  | 'questionType'
  | 'questionText'
  | 'questionAnsColumn1'
  | 'questionAnsColumn2'
  | 'rightAnswers'
  | 'descriptions'
  | 'mixRuleColumn1'
  | 'mixRuleColumn2'
  | 'qEgeNum'
  | 'qLessonNum'
  | 'qChapter';

export function isQuestionType(value: string): value is QuestionType {
  return isOneOf(QUESTION_TYPES, value);
}

/** A shuffled order of 1..size, different from the original when that is possible. */
export function randomPermutation(size: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: size }, (_, index) => index + 1);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    for (let index = order.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    if (size < 2 || order.some((value, index) => value !== index + 1)) return order;
  }
  // Still the list order after five tries (likely for two options): a rotation always differs.
  return size < 2 ? order : [...order.slice(1), order[0]!];
}

/**
 * The question as it is stored: the parts a type does not use are dropped (a word question has no
 * options, only match questions have a second column), set answers are written in ascending order.
 */
export function tidyQuestion(question: QuestionJson): QuestionJson {
  const spec = kindSpecOf(question);
  const rightAnswers = spec.tidyAnswers(question.rightAnswers);
  if (spec.columns === 0) {
    return { ...question, rightAnswers, questionAnsColumn1Name: '', questionAnsColumn1: [], questionAnsColumn2Name: '', questionAnsColumn2: [], mixRuleColumn1: [], mixRuleColumn2: [], descriptions: [] };
  }
  if (spec.columns === 1) return { ...question, rightAnswers, questionAnsColumn2Name: '', questionAnsColumn2: [], mixRuleColumn2: [] };
  return { ...question, rightAnswers };
}

export interface BankReference {
  lessons: readonly number[];
  chapters: readonly string[];
}

/** Every rule of a saved question; an empty object means it can be saved. Checks the tidied form. */
export function validateQuestion(question: QuestionJson, reference: BankReference): QuestionFieldErrors {
  const errors: QuestionFieldErrors = {};
  const spec = kindSpecOf(question);
  const column1 = question.questionAnsColumn1;
  const column2 = question.questionAnsColumn2;

  if (question.questionText.trim() === '') errors.questionText = 'Введите текст вопроса';

  if (spec.columns >= 1) {
    const emptyAt = column1.findIndex((option) => option.trim() === '');
    if (column1.length < 2) errors.questionAnsColumn1 = 'Добавьте хотя бы два варианта в первый столбец';
    else if (column1.length > MAX_OPTIONS) errors.questionAnsColumn1 = `Не больше ${MAX_OPTIONS} вариантов в столбце`;
    else if (emptyAt >= 0) errors.questionAnsColumn1 = `Заполните вариант №${emptyAt + 1} первого столбца`;
  }
  if (spec.columns === 2) {
    const emptyAt = column2.findIndex((option) => option.trim() === '');
    if (column2.length < 2) errors.questionAnsColumn2 = 'Добавьте хотя бы два варианта во второй столбец';
    else if (column2.length > MAX_OPTIONS) errors.questionAnsColumn2 = `Не больше ${MAX_OPTIONS} вариантов в столбце`;
    else if (emptyAt >= 0) errors.questionAnsColumn2 = `Заполните вариант №${emptyAt + 1} второго столбца`;
  }

  const answers = question.rightAnswers;
  if (answers.length === 0 || answers.every((answer) => answer.trim() === '')) {
    errors.rightAnswers = spec.missingAnswerText;
  } else {
    for (const answer of answers) {
      const problem = spec.answerProblem(answer.trim(), column1.length, column2.length);
      if (problem) {
        errors.rightAnswers = problem;
        break;
      }
    }
  }

  if (spec.columns >= 1 && question.descriptions.length > column1.length) errors.descriptions = 'Пояснений больше, чем вариантов ответа';

  if (question.mixRuleColumn1.length > 0 && !isPermutation(question.mixRuleColumn1, column1.length)) {
    errors.mixRuleColumn1 = `Порядок показа первого столбца должен содержать каждое число от 1 до ${column1.length} ровно один раз`;
  }
  if (question.mixRuleColumn2.length > 0 && (spec.columns !== 2 || !isPermutation(question.mixRuleColumn2, column2.length))) {
    errors.mixRuleColumn2 = `Порядок показа второго столбца должен содержать каждое число от 1 до ${column2.length} ровно один раз`;
  }

  if (!Number.isInteger(question.qEgeNum) || question.qEgeNum < EGE_NUM_MIN || question.qEgeNum > EGE_NUM_MAX) {
    errors.qEgeNum = `Номер задания ЕГЭ — от ${EGE_NUM_MIN} до ${EGE_NUM_MAX}`;
  }
  if (!reference.lessons.includes(question.qLessonNum)) errors.qLessonNum = question.qLessonNum > 0 ? `Урок №${question.qLessonNum} не найден` : 'Выберите урок';
  if (question.qChapter !== '' && !reference.chapters.includes(question.qChapter)) errors.qChapter = 'Раздел не найден';
  return errors;
}

/** First lines of the question text for the list (plain text, one line). */
export function shortTextOf(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
