import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { alreadyApplied, flag, intLike, opId, safeString } from './fields';
import { commentSegment, criteriaBalls, P2_STATUSES, p2CriterionView } from './homework-p2';

/**
 * Curator checking of homework (back-office §2.4, §3 'Homework', 'Cross check', 'Student homework
 * row', 'Part 2 result item', §4 reviewer actions, §5 segments and scores, §7.1 home_tasks/curator).
 * Every call needs the 'homework' button (curators, admins, USERS_EDIT_DZ); a single work can
 * further be read or checked only by the student's curator, an admin or USERS_EDIT_DZ.
 */

const checkers = access.icon('homework');
const htNum = intLike.pipe(z.number().int().min(1, 'номер ДЗ от 1').max(100000, 'слишком большой номер ДЗ'));
const taskNum = intLike.pipe(z.number().int().min(1, 'номер задания от 1').max(100, 'номер задания до 100'));
/** A student's public key (VK id or id<n>, see server/users/user-key.ts). */
const studentKey = safeString().min(1).max(40);

/** Longest general comment and segment sub-comment. */
export const CHECK_COMMENT_MAX = 5_000;
/** §5/§9: a segment ends at most 100 characters after its start. */
export const SEGMENT_MAX_LENGTH = 100;

/** A segment the checker sends: §5 start ≥ 0, start ≤ end ≤ start + 100. */
export const checkedSegment = commentSegment
  .extend({ zacherkn: z.number().int().min(0).max(1), cur_subcomment: safeString().max(CHECK_COMMENT_MAX) })
  .refine((segment) => segment.start_pos <= segment.finish_pos, { message: 'Начало фрагмента не может быть позже его конца' })
  .refine((segment) => segment.finish_pos <= segment.start_pos + SEGMENT_MAX_LENGTH, { message: `Фрагмент не длиннее ${SEGMENT_MAX_LENGTH} символов` });

/** The check of one task: general comment, score (null = not scored yet), segments keyed '1'..n. */
export const taskCheck = z.object({
  cur_comment: safeString().max(CHECK_COMMENT_MAX, `комментарий не длиннее ${CHECK_COMMENT_MAX} символов`).default(''),
  ballov: z.union([intLike.pipe(z.number().int('балл — целое число').min(0, 'Нельзя поставить меньше 0 баллов')), z.null()]).default(null),
  add_comments: z.record(safeString().regex(/^\d{1,3}$/), checkedSegment).refine((value) => Object.keys(value).length <= 200, 'не больше 200 фрагментов').default({}),
  /**
   * Our extension: points per ФИПИ criterion, keyed by its number ('1' for К1). When
   * given, the server checks each against 0..max and sets `ballov` to their sum (null until all are
   * scored). Older clients send `ballov` alone; it is still accepted.
   */
  criteria_ballov: z
    .record(safeString().regex(/^\d{1,2}$/, 'номер критерия — число'), intLike.pipe(z.number().int('балл — целое число').min(0, 'Нельзя поставить меньше 0 баллов').max(100)))
    .refine((value) => Object.keys(value).length <= 20, 'не больше 20 критериев')
    .default({}),
});
export type TaskCheck = z.infer<typeof taskCheck>;

export const REVIEWER_ACTIONS = ['saveChecking', 'endChecking', 'reject', 'return'] as const;
export type ReviewerAction = (typeof REVIEWER_ACTIONS)[number];

export const curatorHomework = z.object({
  htNumber: z.number().int(),
  /** 1: a mock exam ('trial' badge). */
  isProbnik: z.number().int(),
  htNumsP1: z.number().int(),
  htNumsP2: z.number().int(),
  /** Moscow 'dd.mm.yyyy' and 'hh:mm' of the student deadline; '' without one. */
  htDeadline: z.string(),
  htDeadlineTime: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm' by which curators check; '' without a student deadline. */
  htDeadlineCur: z.string(),
});
export type CuratorHomework = z.infer<typeof curatorHomework>;

export const crossCheck = z.object({
  htNumber: z.number().int(),
  /** 1: every submitted work of the homework (visible to the caller) is checked. */
  htStatus: z.number().int(),
  /** Moscow date and time of the latest check; '' before any. */
  ccCheckDate: z.string(),
  ccCheckTime: z.string(),
});
export type CrossCheck = z.infer<typeof crossCheck>;

const partSummary = { status: z.string(), date: z.string(), time: z.string(), points: z.number().int().nullable(), max: z.number().int() };
export const studentHomeworkRow = z.object({
  userSurname: z.string(),
  userName: z.string(),
  userBlocked: flag,
  userVkId: z.string(),
  userTgNickname: z.string(),
  /** The homework curator's full name ('' without one). */
  curator: z.string(),
  htUserStatusP1: partSummary.status,
  htUserDateP1: partSummary.date,
  htUserTimeP1: partSummary.time,
  htUserBallovP1: partSummary.points,
  htUserMaxballovP1: partSummary.max,
  htUserStatusP1Dop: partSummary.status,
  htUserDateP1Dop: partSummary.date,
  htUserTimeP1Dop: partSummary.time,
  htUserBallovP1Dop: partSummary.points,
  htUserMaxballovP1Dop: partSummary.max,
  htUserStatusP2: partSummary.status,
  htUserDateP2: partSummary.date,
  htUserTimeP2: partSummary.time,
  htUserBallovP2: partSummary.points,
  htUserMaxballovP2: partSummary.max,
  withMistakeWork: flag,
  /** '1': part 2 is checked by a curator (not a self-check homework). */
  withCheck: flag,
  /** Our extensions: part 2 submitted after the deadline; tasks checked so far. */
  isLate: flag,
  p2CheckedCount: z.number().int(),
});
export type StudentHomeworkRow = z.infer<typeof studentHomeworkRow>;

export const getDzList = http('/app/api/home_tasks/curator/get_dz_list.php', {
  input: z.object({}),
  output: z.object({ homeTasks: z.array(curatorHomework), crossChecks: z.array(crossCheck) }),
  access: checkers,
});

export const sendCheckedP2 = http('/app/api/home_tasks/curator/send_checked_p2.php', {
  input: z.object({ taskId: htNum }),
  /** `sent`: how many works were finished (our extension). */
  output: z.object({ sent: z.number().int() }),
  access: checkers,
});

export const getHtListForDz = http('/app/api/home_tasks/curator/get_ht_list_for_dz.php', {
  input: z.object({ htNumber: htNum }),
  output: z.object({ users: z.array(studentHomeworkRow), homeTask: curatorHomework, crossCheck }),
  access: checkers,
});

/** One homework in the checking queue: part 2 works submitted ('Готово') and waiting for a check. */
export const waitingHomework = z.object({
  htNumber: z.number().int(),
  isProbnik: z.number().int(),
  /** Works waiting that the caller may check. */
  waiting: z.number().int(),
  /** Of them, works of the caller's own students (curator or homework curator). */
  waitingMine: z.number().int(),
  /** Moscow 'dd.mm.yyyy hh:mm' of the oldest waiting submission. */
  oldestSubmitDate: z.string(),
});
export type WaitingHomework = z.infer<typeof waitingHomework>;

/**
 * Our extension: the checking queue a curator or checker lands on. Homeworks with works
 * waiting, those with the caller's own students first, then the oldest submission first; the
 * total feeds the count in the navigation. One grouped query, whatever the number of homeworks.
 */
export const getWaitingWorks = http('/app/api/home_tasks/curator/get_waiting_works.php', {
  input: z.object({}),
  output: z.object({ homeworks: z.array(waitingHomework), total: z.number().int(), totalMine: z.number().int() }),
  access: checkers,
  extension: true,
});

export const resultP1Question = z.object({
  qNumber: z.number().int(),
  qId: z.number().int(),
  qEgeNum: z.number().int(),
  /** The question as stored (qJson string with questionType). */
  qQuestion: z.string(),
  userAnswer: z.string(),
  userBall: z.number().int().nullable(),
  realBall: z.number().int(),
});
export const getResultP1 = http('/app/api/home_tasks/curator/get_result_p1.php', {
  input: z.object({ dzNum: htNum, isDopPart: flag.default('0'), userVkId: studentKey }),
  output: z.object({
    questions: z.array(resultP1Question),
    user: z.object({ userName: z.string(), userSurname: z.string(), userVkId: z.string(), htUserStatusP1: z.string() }),
    sums: z.object({ userBall: z.number().int(), realBall: z.number().int() }),
  }),
  access: checkers,
});

export const resultP2Item = z.object({
  htNumber: z.number().int(),
  userVkId: z.string(),
  qNumber: z.number().int(),
  qTaskNumber: z.number().int(),
  qId: z.number().int(),
  q2Question: z.string(),
  userName: z.string(),
  userSurname: z.string(),
  userAnswer: z.string(),
  userGoalBall: z.number().int().nullable(),
  realBall: z.number().int(),
  userBall: z.number().int().nullable(),
  teacherComment: z.string(),
  /** Comment segments keyed '1'..n. */
  teacherJson: z.record(z.string(), commentSegment),
  isChecked: flag,
  /**
   * Our extensions: the task's ФИПИ criteria (empty when it has none), the points per
   * criterion saved so far, the bank's criteria text of this question and its reference answer.
   */
  criteria: z.array(p2CriterionView),
  criteriaBalls,
  qCriteria: z.string(),
  qReference: z.string(),
  htUserStatusP2: z.enum(P2_STATUSES).or(z.literal('')),
  /** Checker's full name and public key; '' before a check. */
  checker: z.string(),
  htUserChecker: z.string(),
  htInfo: z.object({ htDeadline: z.string(), htUserCheckDate: z.string() }),
  /** Our extensions: submission time (Moscow 'dd.mm.yyyy hh:mm') and late flag. */
  htUserSubmitDate: z.string(),
  isLate: flag,
  /** Our extension: version token of the whole work (offline checking sends it back as baseVersion). */
  workVersion: z.string(),
});
export type ResultP2Item = z.infer<typeof resultP2Item>;

/** 'userVkId:{key}' (one student's work) or 'taskNum:{n}' (one task across students). */
export const resultP2Type = safeString().regex(/^(userVkId:[A-Za-z0-9]{1,40}|taskNum:\d{1,3})$/, "ожидалось 'userVkId:{id}' или 'taskNum:{n}'");

export const getResultP2 = http('/app/api/home_tasks/curator/get_result_p2.php', {
  input: z.object({ dzNum: htNum, type: resultP2Type, onlyChecked: flag.default('0') }),
  output: z.object({ result: z.array(resultP2Item) }),
  access: checkers,
});

export const setResultP2 = http('/app/api/home_tasks/curator/set_result_p2.php', {
  input: z.object({
    action: z.enum(REVIEWER_ACTIONS),
    dzNum: htNum,
    studentId: studentKey,
    /** Per question number. */
    jsonData: z.record(safeString().regex(/^\d{1,3}$/), taskCheck).default({}),
    /**
     * Our extension for offline checking: the workVersion the check started from. When given and
     * the work changed meanwhile, the call fails with `conflict: '1'` and the current `workVersion`.
     */
    baseVersion: safeString().regex(/^[0-9a-f]{1,64}$/, 'неверная версия работы').optional(),
    /** Our extension for offline checking: the queued check's operation id (fields.ts `opId`). */
    opId: opId.optional(),
  }),
  /** Our extension: the work's version after the write; `alreadyApplied` on a resend of an applied check. */
  output: z.object({ workVersion: z.string(), alreadyApplied }),
  access: checkers,
});

/** A refusal of set_result_p2 because the work changed after `baseVersion` (extra fields of the failure). */
export const workConflict = z.object({ conflict: z.literal('1'), workVersion: z.string() });

const taskCheckInput = z.object({ dzNum: htNum, studentId: studentKey, taskNum, taskStatus: flag, jsonData: taskCheck });

export const setTaskCheckedP2 = http('/app/api/home_tasks/curator/set_task_checked_p2.php', {
  input: taskCheckInput,
  output: z.object({}),
  access: checkers,
});

export const setTasksCheckedP2 = http('/app/api/home_tasks/curator/set_tasks_checked_p2.php', {
  input: z.object({ tasks: z.array(taskCheckInput).min(1, 'нет заданий').max(200, 'не больше 200 заданий') }),
  output: z.object({}),
  access: checkers,
});

export const CHECK_TEXTS = {
  notFound: 'Домашнее задание не найдено',
  noStudent: 'Ученик не найден',
  notYours: 'Проверять эту работу может только куратор ученика',
  noWork: 'Работа ученика не найдена',
  actionRefused: 'Действие «{action}» недоступно для работы в статусе «{status}»',
  /** A work the student has not submitted yet is never checked. */
  notSubmitted: 'Ученик ещё не сдал эту работу: проверить её можно после сдачи',
  unknownTask: 'Задание {num} не найдено в работе',
  overMax: 'Балл за задание {num}: от 0 до {max}',
  segmentOutside: 'Фрагмент в задании {num} выходит за пределы ответа',
  scoreMissing: 'Поставьте баллы за задания: {nums}',
  selfCheck: 'Это ДЗ проверяет сам ученик',
  conflict: 'Работа изменилась на сервере после того, как вы её открыли: сравните версии и выберите, какую оставить',
  /** §8 success texts shown by the screens. */
  saved: 'Изменения успешно сохранены',
  sent: 'ДЗ успешно отправлены',
} as const;

/** The reviewer actions as people read them (refusals name them in Russian, never the wire name). */
export const REVIEWER_ACTION_NAMES: Record<ReviewerAction, string> = {
  saveChecking: 'Сохранить проверку',
  endChecking: 'Завершить проверку',
  reject: 'Отклонить',
  return: 'Вернуть на доработку',
};

/** Days a curator has after the student deadline to check (the curator deadline, §2.4). */
export const CURATOR_CHECK_DAYS = 3;
