import { z } from 'zod';
import { access } from './access';
import { http, live } from './core';
import { alreadyApplied, flag, intLike, opId, safeString, int32 } from './fields';

/**
 * Homework part 2 for students (learning-area §2 'Homework part 2', §3 'Homework part 2
 * response', §4, §5 self-check score, §7 'Homework part 2', §8 code '22', §9 tab tracking).
 */

const htNum = intLike.pipe(z.number().int().min(1, 'номер ДЗ от 1').max(100000, 'слишком большой номер ДЗ'));
/** A tab id: 6 random alphanumerics (§9). */
export const tabId = safeString().regex(/^[A-Za-z0-9]{6}$/, 'ожидался идентификатор вкладки из 6 латинских букв и цифр');
/** Longest written answer accepted (a full part 2 answer is a few thousand characters). */
export const P2_ANSWER_MAX = 20_000;

/** A comment segment of the checker (back-office §3 'Comment segment'). */
export const commentSegment = z.object({
  start_pos: int32().min(0),
  finish_pos: int32().min(0),
  color: z.enum(['green', 'orange', 'red']),
  /** Non-zero: the segment is struck through. */
  zacherkn: z.number().int(),
  cur_subcomment: z.string(),
});
export type CommentSegment = z.infer<typeof commentSegment>;

/** One ФИПИ criterion of a part 2 task as the screens show it (src/shared/domain/p2-criteria.ts). */
export const p2CriterionView = z.object({
  /** 1 for К1, 2 for К2, … */
  num: z.number().int(),
  /** 'К1', 'К2', … */
  code: z.string(),
  maxBall: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** ФИПИ: this criterion gets 0 when criterion `zeroIf` got 0; null = no such rule. */
  zeroIf: z.number().int().nullable(),
});
export type P2CriterionView = z.infer<typeof p2CriterionView>;

/** Points per criterion number ('1' for К1); {} when the task was scored as a whole or is not checked. */
export const criteriaBalls = z.record(z.string(), z.number().int());

export const P2_STATUSES = ['Выполняется', 'Готово', 'Проверен', 'Отклонен', 'Самопров', 'Апелляция'] as const;

export const homeworkP2Question = z.object({
  qNumber: z.number().int(),
  qId: z.number().int(),
  q2Question: z.string(),
  /** The question text on one line (line breaks as spaces), for cards. */
  q2QuestionNoBr: z.string(),
  /** '0' optional, '1' mandatory ('*'). */
  q2ObyazDz: flag,
  qTaskNumber: z.number().int(),
  userAnswer: z.string(),
  /** The checked answer kept read-only in mistake work; '' otherwise. */
  userOldAnswer: z.string(),
  isChecked: flag,
  userBall: z.number().int().nullable(),
  realBall: z.number().int(),
  teacherComment: z.string(),
  teacherJson: z.record(z.string(), commentSegment),
  /** Our extensions: the task's ФИПИ criteria and the points per criterion of the check. */
  criteria: z.array(p2CriterionView),
  criteriaBalls,
  /** Our extension: the student flagged the question as difficult (set_as_difficult2). */
  isDifficult: flag,
});
export type HomeworkP2Question = z.infer<typeof homeworkP2Question>;

export const getHtP2Camel = http('/app/api/home_tasks/get_ht_p2_camel.php', {
  input: z.object({
    htNum,
    markSave: tabId,
    isDopPart: flag.default('0'),
    /**
     * Our extension, named like get_zachet_auto's flag. '1' (the default, what the mobile apps
     * get by sending nothing) opens the work and starts it, as the spec's open always did. '0'
     * opens a timed work that has not started without starting it: status '' and no questions,
     * so the site can show its length and «Начать» first; «Начать» sends '1'. An untimed work,
     * or one already started, opens the same way with either value.
     */
    startButtonPressed: flag.default('1'),
  }),
  output: z.object({
    /** '' = a timed work not started yet (only with startButtonPressed '0'). */
    htStatusP2: z.enum(P2_STATUSES).or(z.literal('')),
    htInfo: z.object({
      htNum: z.number().int(),
      qNumsP2: z.number().int(),
      /** Moscow 'dd.mm.yyyy hh:mm', '' without a deadline. */
      htDeadline: z.string(),
      htUserMaxballovP2: z.number().int(),
      htUserBallovP2: z.number().int().nullable(),
      /** '0' = not mistake work. */
      mistakeWorkP2: flag,
      isAvailableMistakeWork: flag,
      /** The checker's public key (VK id or id<n>), '' before a check. */
      htUserChecker: z.string(),
      /** Our extension: the checker's name ('Фамилия Имя'), '' before a check. */
      htUserCheckerName: z.string(),
      /** Submission date 'yyyy-mm-dd' and time 'hh:mm:ss' (Moscow); '' before it. */
      htUserDateP2: z.string(),
      htUserTimeP2: z.string(),
      /** Our extensions: lesson of the homework, late submission, self-check homework. */
      lessonNum: z.number().int(),
      isLate: flag,
      isSelfCheck: flag,
      /**
       * Our extension: seconds left of the part 2 time budget while in progress; null = untimed
       * (no limit, mistake work, additional part) or not in progress. The server's clock decides.
       */
      timer: z.number().int().nullable(),
      /** Our extension: the required part's time budget in minutes (null = untimed), told before it starts. */
      timeLimitMin: z.number().int().nullable(),
    }),
    questions: z.array(homeworkP2Question),
  }),
  access: access.signedIn,
});

export const saveHtP2New = http('/app/api/home_tasks/save_ht_p2_new.php', {
  input: z.object({
    htNum,
    isDopPart: flag.default('0'),
    questions: z
      .array(z.object({ q_number: intLike.pipe(z.number().int().min(1).max(100)), user_answer: safeString().max(P2_ANSWER_MAX, `ответ не длиннее ${P2_ANSWER_MAX} символов`) }))
      .max(100),
    forceSave: flag.default('0'),
    markSave: tabId,
    /** Our extension: the save's operation id, the same when it is sent again (fields.ts `opId`). */
    opId: opId.optional(),
  }),
  /** `alreadyApplied` on a resend of a save the server took: `savedAt` is the first save's time. */
  output: z.object({ savedAt: z.string(), alreadyApplied }),
  access: access.signedIn,
});

export const endHtP2 = http('/app/api/home_tasks/end_ht_p2.php', {
  input: z.object({ htNum, isDopPart: flag.default('0') }),
  output: z.object({}),
  access: access.signedIn,
});

export const htToMistakeWorkP2 = http('/app/api/home_tasks/ht_to_mistake_work_p2.php', {
  input: z.object({ htNum, isDopPart: flag.default('0') }),
  output: z.object({}),
  access: access.signedIn,
});

export const setSelfcheckResultHtP2 = live('/home_tasks/set_selfcheck_result_ht_p2', {
  input: z.object({
    dzNum: htNum,
    taskNum: intLike.pipe(z.number().int().min(1).max(100)),
    checkComment: safeString().max(5_000, 'комментарий не длиннее 5000 символов').default(''),
    checkBall: intLike.pipe(z.number().int('балл — целое число').min(0, 'Нельзя поставить меньше 0 баллов')),
  }),
  output: z.object({}),
  access: access.signedIn,
});

/** The difficult flag of a part 2 question the student has seen (learning §7 'Homework part 2'). */
export const setAsDifficult2 = http('/app/api/train_p2/set_as_difficult2.php', {
  input: z.object({ qId: intLike.pipe(z.number().int('номер вопроса — целое число').min(1, 'номер вопроса от 1')), isDifficult: flag }),
  output: z.object({}),
  access: access.signedIn,
});

export const P2_TEXTS = {
  notFound: 'Домашнее задание не найдено',
  closed: 'Урок этого ДЗ пока недоступен',
  noPart: 'В этом ДЗ нет второй части',
  /** §8: the client shows its warning and may resave with forceSave. */
  otherDevice: 'ДЗ открыто на другом устройстве',
  notEditable: 'ДЗ уже отправлено на проверку',
  /** A save or submit of a timed work nobody started (the site starts it with «Начать» first). */
  notStarted: 'Вторая часть ещё не начата: откройте её и нажмите «Начать»',
  unknownQuestion: 'Вопрос не найден',
  checkedLocked: 'Проверенный ответ изменить нельзя',
  oldAnswerKept: 'В работе над ошибками старый ответ изменить нельзя: допишите новый после него',
  mandatoryEmpty: 'Ответьте на обязательные вопросы: {nums}',
  mistakeWorkUnavailable: 'Работа над ошибками недоступна',
  notSelfCheck: 'Самопроверка сейчас недоступна',
  overMax: 'Вы поставили больше максимального балла. Максимальный балл: {max}',
  /** A save after the time budget (and its grace) ran out: what was saved is submitted as it stands. */
  timeIsUp: 'Время на выполнение второй части истекло: сохранённые ответы отправлены на проверку',
} as const;

/** Separator between the old answer and the appended part in mistake work (learning-area §2). */
export const MISTAKE_WORK_SEPARATOR = '\n\n';
