import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { noInput, safeString } from './fields';

/** Signs trainer (learning-area 'Signs trainer (train_priznaki)', §3 'Signs term', §4 'Signs', §7 'Signs'). */

export const SIGNS_STATUSES = ['SELECT', 'ANSWERING', 'MID_RESULT'] as const;
export type SignsStatus = (typeof SIGNS_STATUSES)[number];

/** A round's set: every available term, or the terms of one chapter (a name from razdelNames). */
export const RANDOM_SET = 'random';

const bit = z.union([z.literal(0), z.literal(1)]);

export const signsTermSchema = z.object({
  terminName: z.string(),
  terminLessonNumber: z.number().int(),
  terminRazdel: z.string(),
  /** The round's set ('random' or a chapter name): what Continue asks the next term from. */
  type: z.string(),
  /** The signs, in the stored order. */
  questionAnsColumn1: z.array(z.string()),
  /** The order to show them in: indexes into questionAnsColumn1, shuffled once per term. */
  mixRuleColumn1: z.array(z.number().int()),
  /** Per sign 1 = a true sign of the term; null until the student has answered. */
  rightAnswers: z.array(bit).nullable(),
  /** Per sign, why it is or is not a sign of the term; null until answered. */
  descriptions: z.array(z.string()).nullable(),
  /** Per sign 1 = the student ticked it; null until answered. */
  userAnswer: z.array(bit).nullable(),
  /** Our extension: the term-search definition, shown after the answer when the term has one. */
  terminDefinition: z.string().nullable(),
});
export type SignsTerm = z.infer<typeof signsTermSchema>;

const trainSigns = access.icon('trainPriznaki');

export const getSignsInfo = http('/app/api/train_termins/train_priznaki/get_priznaki_info.php', {
  input: noInput,
  output: z.object({
    info: z.object({
      /** Terms of the lessons open to the student. */
      countAvailableTermins: z.number().int(),
      /** Answers given, every time counts. */
      countAnswers: z.number().int(),
      /** Different terms answered at least once. */
      countUniqueAnswers: z.number().int(),
      /** Different terms whose latest answer was wrong. */
      countIncorrectUniqueAnswers: z.number().int(),
    }),
  }),
  access: trainSigns,
});

/** The trainer's state, kept on the server: without an action it only reads it (a reload continues). */
export const getSignsData = http('/app/api/train_termins/train_priznaki/get_priznaki_data.php', {
  input: z.object({
    action: z.enum(['START', 'NEXT', 'EXIT'], 'ожидалось START, NEXT или EXIT').optional(),
    type: safeString().trim().min(1, 'не заполнено').max(200, 'не длиннее 200 символов').optional(),
  }),
  output: z.object({ status: z.enum(SIGNS_STATUSES), termin: signsTermSchema.nullable() }),
  access: trainSigns,
});

/** Scores the ticks of the current term on the server; the state becomes MID_RESULT. */
export const sendSignsAnswer = http('/app/api/train_termins/train_priznaki/send_priznaki_answer.php', {
  input: z.object({
    /** Per sign in questionAnsColumn1 order: 1 = ticked. */
    userAnswer: z.array(bit).min(1, 'не заполнено').max(20, 'не больше 20 признаков'),
    terminName: safeString().trim().min(1, 'не заполнено').max(300, 'не длиннее 300 символов'),
  }),
  output: z.object({}),
  access: trainSigns,
});

export const getSignsAvailableList = http('/app/api/train_termins/train_priznaki/get_priznaki_available_list.php', {
  input: noInput,
  output: z.object({ razdelNames: z.array(z.string()) }),
  access: trainSigns,
});

export const TRAIN_SIGNS_TEXTS = {
  noTerms: 'В этом разделе нет доступных терминов',
  notStarted: 'Тренировка не начата: выберите режим',
  termChanged: 'Этот термин уже не текущий: обновите страницу',
  answerLength: 'Число ответов не совпадает с числом признаков',
  typeRequired: 'Не выбран режим тренировки',
} as const;
