import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { flag, intLike, noInput, safeString } from './fields';
import { homeworkQuestionP1 } from './homework-p1';
import { ratingValue } from './rating';
import { isOneOf } from '../guards';

/** Training part 1 (learning-area §2 'Training part 1', §3, §4, §7 'Training part 1'). */

export const TRAIN_P1_STATUSES = ['Выбор', 'Выполняется', 'Результат', 'Отсутствуют'] as const;
export type TrainP1Status = (typeof TRAIN_P1_STATUSES)[number];

/** Kinds of test; the first five take a value after ':' (e.g. 'chapter:Экономика'). */
export const TRAIN_P1_KINDS = ['random', 'chapter', 'lessonNum', 'egeNum', 'zachetNum', 'mostDifficult', 'notTrained', 'oshibki', 'asEge'] as const;
export type TrainP1Kind = (typeof TRAIN_P1_KINDS)[number];
const WITH_VALUE: readonly TrainP1Kind[] = ['chapter', 'lessonNum', 'egeNum', 'zachetNum'];
const NUMERIC_VALUE: readonly TrainP1Kind[] = ['lessonNum', 'egeNum', 'zachetNum'];

export type TrainP1Type = { kind: Exclude<TrainP1Kind, 'chapter' | 'lessonNum' | 'egeNum' | 'zachetNum'> } | { kind: 'chapter'; value: string } | { kind: 'lessonNum' | 'egeNum' | 'zachetNum'; value: number };

/** Reads a testingType string; null for an unknown type or a missing or malformed value. */
export function parseTestingType(raw: string): TrainP1Type | null {
  const colon = raw.indexOf(':');
  const kind = (colon < 0 ? raw : raw.slice(0, colon)) as TrainP1Kind;
  const value = colon < 0 ? null : raw.slice(colon + 1).trim();
  if (!TRAIN_P1_KINDS.includes(kind)) return null;
  if (!WITH_VALUE.includes(kind)) return value === null ? ({ kind } as TrainP1Type) : null;
  if (!value) return null;
  if (NUMERIC_VALUE.includes(kind)) {
    if (!/^\d{1,6}$/.test(value)) return null;
    return { kind: kind as 'lessonNum', value: Number(value) };
  }
  return { kind: 'chapter', value };
}

/** The wire string of a test type. */
export function testingTypeString(type: TrainP1Type): string {
  return 'value' in type ? `${type.kind}:${type.value}` : type.kind;
}

/** Question counts the choice offers (§2); the default is 10 (§9). */
export const TRAIN_P1_COUNTS = [1, 5, 10, 20] as const;
export const TRAIN_P1_DEFAULT_COUNT = 10;

export const trainP1Stats = z.object({
  /** Published questions of the lessons the user may open. */
  num_questions: z.number().int(),
  /** Distinct questions ever answered fully right in trainings. */
  num_solved_questions: z.number().int(),
  /** Distinct questions whose last training answer was not fully right. */
  num_mistakes_questions: z.number().int(),
  /** Rating earned by part 1 trainings this Moscow month. */
  rating_thismonth: ratingValue,
});
export type TrainP1Stats = z.infer<typeof trainP1Stats>;

export const trainP1TestInfo = z.object({
  testingType: z.string(),
  includeSelfmade: flag,
  /** Our addition: whether hard '90+' questions were included (the result shows 'Да'/'Нет'). */
  include90Plus: flag,
  /** The question count asked for (the test may have fewer; asEge has one per task 1–16). */
  qNums: z.number().int(),
});
export type TrainP1TestInfo = z.infer<typeof trainP1TestInfo>;

/** A question as homework part 1 shows it, plus the training's rating figures. */
export const trainP1Question = homeworkQuestionP1.extend({
  /** The user's rating for this question over all trainings so far. */
  qRating: ratingValue,
  /** Our extension: the rating change this answer earned; null while running or not answered. */
  ratingChange: ratingValue.nullable(),
});
export type TrainP1Question = z.infer<typeof trainP1Question>;

/**
 * The current training. 'Выполняется': every question, answers hidden, the first unanswered one
 * is the current; 'Результат': every question with right answers, explanations and rating changes;
 * 'Выбор' and 'Отсутствуют': no test.
 */
export const trainP1Set = z.object({
  status: z.enum(TRAIN_P1_STATUSES),
  testInfo: trainP1TestInfo.nullable(),
  questions: z.array(trainP1Question),
});
export type TrainP1Set = z.infer<typeof trainP1Set>;

export const getTrainP1Info = http('/app/api/train_p1/get_info.php', {
  input: noInput,
  /** Stats, and (our extension) the running or last finished training so the screen resumes it. */
  output: z.object({ stats: trainP1Stats }).merge(trainP1Set),
  access: access.signedIn,
});

export const availableQuestionsSet = http('/app/api/train_p1/available_questions_set.php', {
  input: noInput,
  output: z.object({
    lessonNums: z.array(z.number().int()),
    chapters: z.array(z.string()),
    egeNums: z.array(z.number().int()),
    zachetNums: z.array(z.number().int()),
  }),
  access: access.signedIn,
});

export const getQuestionsSet = http('/app/api/train_p1/get_questions_set.php', {
  input: z.object({
    testingType: safeString().trim().min(1, 'не заполнено').max(200, 'не длиннее 200 символов'),
    includeSelfmade: flag.default('0'),
    /**
     * Our addition (the catalogue has no field for the spec's 90+ flag): '1' also draws questions
     * marked 90+; '0' (default) leaves them out of every testing type.
     */
    include90Plus: flag.default('0'),
    qNums: intLike.pipe(z.number().int().refine((n) => isOneOf(TRAIN_P1_COUNTS, n), 'ожидалось 1, 5, 10 или 20')).default(TRAIN_P1_DEFAULT_COUNT),
  }),
  /** A running training is returned as it is (the input is then ignored). */
  output: trainP1Set,
  access: access.signedIn,
});

export const setAnswerSet = http('/app/api/train_p1/set_answer_set.php', {
  input: z.object({
    qId: intLike.pipe(z.number().int().min(1, 'номер вопроса от 1')),
    userAnswer: safeString().max(60, 'ответ не длиннее 60 символов'),
    /** '1' ends the test after this answer (sent with the last question). */
    finishTest: flag.default('0'),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const goToChoiseSet = http('/app/api/train_p1/go_to_choise_set.php', {
  input: noInput,
  output: z.object({}),
  access: access.signedIn,
});

export const TRAIN_P1_TEXTS = {
  unknownType: 'Неизвестный тип',
  notRunning: 'Тренировка не запущена',
  wrongQuestion: 'Этот вопрос уже пройден, обновите страницу',
  emptyAnswer: 'Введите ответ',
  badAnswer: 'Ответ не подходит к типу вопроса',
} as const;
