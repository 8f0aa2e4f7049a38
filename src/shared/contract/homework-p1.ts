import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { flag, intLike, safeString } from './fields';

/** Homework part 1 (learning-area §2 'Homework part 1', §3, §7 'Roadmap and homework part 1'). */

const htNum = intLike.pipe(z.number().int().min(1, 'номер ДЗ от 1').max(100000, 'слишком большой номер ДЗ'));
const isDopPart = z.union([flag, z.literal(0).transform(() => '0' as const), z.literal(1).transform(() => '1' as const)]);
/** A typed answer: digits or a word, never long. */
const userAnswer = safeString().max(60, 'ответ не длиннее 60 символов');

/** The qJson a student may see: while solving, without right answers and explanations. */
export const studentQuestionJson = z.object({
  questionType: z.string(),
  questionText: z.string(),
  questionText2: z.string(),
  questionImage: z.string(),
  questionAnsColumn1Name: z.string(),
  questionAnsColumn1: z.array(z.string()),
  questionAnsColumn2Name: z.string(),
  questionAnsColumn2: z.array(z.string()),
  mixRuleColumn1: z.array(z.number().int()),
  mixRuleColumn2: z.array(z.number().int()),
  rightAnswers: z.array(z.string()).optional(),
  descriptions: z.array(z.string()).optional(),
  descriptionGeneral: z.string().optional(),
  qEgeNum: z.number().int(),
  qLessonNum: z.number().int(),
  qChapter: z.string(),
});
export type StudentQuestionJson = z.infer<typeof studentQuestionJson>;

export const homeworkQuestionP1 = z.object({
  q_number: z.number().int(),
  q_chapter: z.string(),
  q_id: z.number().int(),
  is_difficult: flag,
  /** Points earned; null while not answered. */
  user_ball: z.number().int().nullable(),
  /** Points the task is worth. */
  real_ball: z.number().int(),
  q_task_number: z.number().int(),
  /** The right answer as displayed (shuffled numbering); '' while solving. */
  q_answer: z.string(),
  /** The answer given (in displayed numbering), or the draft kept across a step back while solving. */
  user_answer: z.string(),
  q_description: z.string(),
  qJson: studentQuestionJson,
  /** Length of the expected answer for slot inputs (0 = free length). */
  ans_length: z.number().int(),
});
export type HomeworkQuestionP1 = z.infer<typeof homeworkQuestionP1>;

export const HT_P1_STATUSES = ['Выполняется', 'Готово'] as const;

export const getHtP1Divided = http('/app/api/home_tasks/get_ht_p1_divided.php', {
  input: z.object({
    htNum,
    isDopPart,
    /**
     * Our extension, as part 2's: '0' opens a required part with a time limit without starting it
     * (status '', no questions, the full time in `timer`) so the site shows the length and «Начать»
     * first; «Начать» sends '1'. Old clients send nothing and start on opening, as before.
     */
    startButtonPressed: flag.default('1'),
  }),
  output: z.object({
    /** '' = a timed required part not started yet (only with startButtonPressed '0'). */
    htStatusP1: z.enum(HT_P1_STATUSES).or(z.literal('')),
    htInfo: z.object({
      q_num_now_p1: z.number().int(),
      q_num_last_p1: z.number().int(),
      q_nums_p1: z.number().int(),
      /** Our extension: lesson, points so far and the timer, so the screen needs one call. */
      lesson_num: z.number().int(),
      user_ballov_p1: z.number().int().nullable(),
      maxballov_p1: z.number().int(),
      /** Seconds left on the required part's timer; null = no timer. */
      timer: z.number().int().nullable(),
    }),
    /** While solving: only the current question. When done: every question with answers. */
    questions: z.array(homeworkQuestionP1),
  }),
  access: access.signedIn,
});

export const sendHtP1Divided = http('/app/api/home_tasks/send_ht_p1_divided.php', {
  input: z.object({ htNum, isDopPart, questionNum: intLike.pipe(z.number().int().min(1).max(1000)), userAnswer }),
  output: z.object({}),
  access: access.signedIn,
});

export const backwardQuestionHtP1Divided = http('/app/api/home_tasks/backward_question_ht_p1_divided.php', {
  input: z.object({ htNum, isDopPart, tempUserAnswer: userAnswer.default('') }),
  output: z.object({}),
  access: access.signedIn,
});

export const getHomeTaskTimer = http('/app/api/home_tasks/get_home_task_timer.php', {
  input: z.object({
    htPart: z.enum(['p1', 'p2'], 'ожидалось p1 или p2'),
    htNum,
    /** Part 2 sends its local countdown; the server's clock decides. */
    localTimer: intLike.optional(),
  }),
  output: z.object({ timer: z.number().int().nullable() }),
  access: access.signedIn,
});

export const setAsDifficult = http('/app/api/train_p1/set_as_difficult.php', {
  input: z.object({ qId: intLike.pipe(z.number().int().min(1)), isDifficult: flag }),
  output: z.object({}),
  access: access.signedIn,
});

/** Refusals (shown under the button or in the load error). */
export const HOMEWORK_TEXTS = {
  notFound: 'Домашнее задание не найдено',
  closed: 'Урок этого ДЗ пока недоступен',
  noPart: 'В этом ДЗ нет первой части',
  deadlinePassed: 'Срок сдачи этого ДЗ истёк',
  timeIsUp: 'Время на выполнение ДЗ истекло, ответы сохранены',
  notSolving: 'ДЗ уже завершено',
  wrongQuestion: 'Этот вопрос уже пройден, обновите страницу',
  emptyAnswer: 'Введите ответ',
  badAnswer: 'Ответ не подходит к типу вопроса',
  cannotStepBack: 'Вернуться можно только с последнего открытого вопроса',
  questionNotFound: 'Вопрос не найден',
} as const;
