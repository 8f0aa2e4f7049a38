/**
 * Editing rules of the part 2 bank and the oral-credit bank (back-office §3 'Question P2',
 * 'Credit question', §5). Shared so the dialogs show next to their fields the same Russian texts
 * the server answers with.
 */
import { plural } from './russian-plural';

export const P2_TEXTS = {
  notFound: 'Вопрос не найден',
  createFailed: 'Не удалось создать вопрос',
  createdNoRefresh: 'Вопрос создан , не удалось обновить отображение',
  taskPositive: 'Номер задания должен быть положительным числом',
  taskRange: 'Во второй части ЕГЭ задания с 17 по 25',
  chapterRequired: 'Название главы обязательно',
  chapterUnknown: 'Такой главы нет в курсе',
  lessonPositive: 'Номер урока должен быть положительным числом',
  lessonUnknown: 'Урока с таким номером нет',
  maxPoints: 'Максимальный балл — целое число от 1 до 10',
  textRequired: 'Введите текст вопроса',
  criteriaRequired: 'Опубликовать можно только вопрос с критериями оценивания',
  imageType: 'Разрешены только форматы jpeg, jpg, png, webp',
  imageBroken: 'Файл повреждён: картинку не удаётся прочитать',
  imageSize: 'Размер файла не должен превышать 10 МБ',
  digitizeFailed: 'Ошибка расшифровки картинки с пояснением',
  noExplanationImage: 'У вопроса нет картинки с пояснением',
  markdownNotEmpty: 'Пояснение уже заполнено: очистите его, чтобы оцифровать картинку заново',
  digitizeRunning: 'Оцифровка пояснений уже идёт: дождитесь её окончания',
  nothingToDigitize: 'Нет вопросов с картинкой пояснения и пустым текстом пояснения',
  usedInHomework: (homeworks: readonly number[]) =>
    `Вопрос нельзя удалить: он используется в домашних заданиях № ${homeworks.join(', ')}. Снимите его с публикации или замените в этих заданиях.`,
  usedElsewhere: 'Вопрос нельзя удалить: на него уже есть ответы учеников. Снимите его с публикации.',
} as const;

/** 1 ответ, 2 ответа, 5 ответов, 21 ответ, 11 ответов. */
function answersWord(count: number): string {
  return plural(count, ['ответ', 'ответа', 'ответов']);
}

export const CREDIT_TEXTS = {
  notFound: 'Вопрос не найден',
  zachetPositive: 'Номер зачёта должен быть положительным числом',
  lessonPositive: 'Номер урока должен быть положительным числом',
  lessonUnknown: 'Урока с таким номером нет',
  questionRequired: 'Введите текст вопроса',
  answerRequired: 'Введите ответ на вопрос',
  idRequired: 'Не указан вопрос',
  hasAnswers: (count: number) => `Вопрос нельзя удалить: по нему уже ${count} ${answersWord(count)} учеников в тренажёре устных зачётов. Снимите его с публикации.`,
} as const;

/** Part 2 of the exam: tasks 17–25. */
export const P2_TASK_MIN = 17;
export const P2_TASK_MAX = 25;
export const P2_MAX_POINTS_LIMIT = 10;

/** Primary points of each part 2 task (the exam's current format), the default for a new question. */
export const P2_TASK_POINTS: Readonly<Record<number, number>> = { 17: 2, 18: 2, 19: 3, 20: 3, 21: 3, 22: 4, 23: 3, 24: 4, 25: 6 };

export interface P2Fields {
  qQuestion: string;
  qTaskNumber: number;
  qLessonNumber: number;
  qChapter: string;
  qMaxBall: number;
  qCriteria: string;
  qMarkDownPoyasn: string;
  qPublic: '0' | '1';
  is90Plus: '0' | '1';
}

export type P2Field = keyof P2Fields;
export type P2FieldErrors = Partial<Record<P2Field, string>>;

export interface P2Reference {
  lessons: readonly number[];
  chapters: readonly string[];
}

/** Every problem of a part 2 question, one per field; publishing asks for text and criteria too. */
export function validateP2(fields: P2Fields, reference: P2Reference, hasQuestionImage = false): P2FieldErrors {
  const errors: P2FieldErrors = {};
  if (!Number.isInteger(fields.qTaskNumber) || fields.qTaskNumber <= 0) errors.qTaskNumber = P2_TEXTS.taskPositive;
  else if (fields.qTaskNumber < P2_TASK_MIN || fields.qTaskNumber > P2_TASK_MAX) errors.qTaskNumber = P2_TEXTS.taskRange;
  if (fields.qChapter.trim() === '') errors.qChapter = P2_TEXTS.chapterRequired;
  else if (reference.chapters.length > 0 && !reference.chapters.includes(fields.qChapter.trim())) errors.qChapter = P2_TEXTS.chapterUnknown;
  if (!Number.isInteger(fields.qLessonNumber) || fields.qLessonNumber <= 0) errors.qLessonNumber = P2_TEXTS.lessonPositive;
  else if (!reference.lessons.includes(fields.qLessonNumber)) errors.qLessonNumber = P2_TEXTS.lessonUnknown;
  if (!Number.isInteger(fields.qMaxBall) || fields.qMaxBall < 1 || fields.qMaxBall > P2_MAX_POINTS_LIMIT) errors.qMaxBall = P2_TEXTS.maxPoints;
  if (fields.qQuestion.trim() === '' && (fields.qPublic === '1' || !hasQuestionImage)) errors.qQuestion = P2_TEXTS.textRequired;
  if (fields.qPublic === '1' && fields.qCriteria.trim() === '') errors.qCriteria = P2_TEXTS.criteriaRequired;
  return errors;
}

/** Trims what a stray space would spoil and unifies line ends; text bodies keep their inner layout. */
export function tidyP2(fields: P2Fields): P2Fields {
  const body = (value: string) => value.replace(/\r\n?/g, '\n').trim();
  return { ...fields, qQuestion: body(fields.qQuestion), qChapter: fields.qChapter.trim(), qCriteria: body(fields.qCriteria), qMarkDownPoyasn: body(fields.qMarkDownPoyasn) };
}

export interface CreditFields {
  question: string;
  answer: string;
  zachetNum: number;
  lessonNum: number;
  public: '0' | '1';
  plus90: '0' | '1';
}

export type CreditFieldErrors = Partial<Record<keyof CreditFields, string>>;

export function validateCredit(fields: CreditFields, lessons: readonly number[]): CreditFieldErrors {
  const errors: CreditFieldErrors = {};
  if (fields.question.trim() === '') errors.question = CREDIT_TEXTS.questionRequired;
  if (fields.answer.trim() === '') errors.answer = CREDIT_TEXTS.answerRequired;
  if (!Number.isInteger(fields.zachetNum) || fields.zachetNum <= 0) errors.zachetNum = CREDIT_TEXTS.zachetPositive;
  if (!Number.isInteger(fields.lessonNum) || fields.lessonNum <= 0) errors.lessonNum = CREDIT_TEXTS.lessonPositive;
  else if (!lessons.includes(fields.lessonNum)) errors.lessonNum = CREDIT_TEXTS.lessonUnknown;
  return errors;
}

/** Percent of a bulk run, floored (back-office §4). */
export const digitizePercent = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 0);

/** Question text on one line, shortened for a list row. */
export function shortLine(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
