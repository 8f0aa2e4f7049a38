import { z } from 'zod';
import { access } from './access';
import { http, push } from './core';
import { flag, intLike, noInput, safeString } from './fields';
import { commentSegment, P2_ANSWER_MAX } from './homework-p2';

/**
 * Training part 2 (learning-area §2 'Training part 2', §3 'Part 2 question' / 'Check row' /
 * 'Check details' / 'Available response', §4, §5, §7 'Training part 2', §8, §9). Four modes, every
 * score decided and stored on the server: a self-check, a check of a real curator-checked
 * homework answer compared with the curator ('check like curator'), checks by classmates, and the
 * AI check.
 */

/** Modes in which the student answers a question (get_question2, send_question2). */
export const ANSWER_MODES = ['selfCheck', 'checkByClassmates', 'checkByAI'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];
/** Modes in which the student checks someone's answer (get_check_question2). */
export const CHECK_MODES = ['checkLikeCurator', 'checkAnother'] as const;
export type CheckMode = (typeof CHECK_MODES)[number];
/** The mode select of the choice view, in the spec's order. */
export const TRAIN_P2_MODES = ['checkLikeCurator', 'selfCheck', 'checkByClassmates', 'checkByAI'] as const;
export type TrainP2Mode = (typeof TRAIN_P2_MODES)[number];

export const TABLE_TYPES = ['checkedByMe', 'checkedByStudents', 'checkedByAI'] as const;
export type TableType = (typeof TABLE_TYPES)[number];

/** Question sets: 'random', 'chapter:{name}', 'egeNum:{task number}', 'mostDifficult' (not in AI mode). */
export type QuestionType = { kind: 'random' } | { kind: 'mostDifficult' } | { kind: 'chapter'; value: string } | { kind: 'egeNum'; value: number };

/** Reads a questionType string; null for an unknown type or a missing or malformed value. */
export function parseQuestionType(raw: string): QuestionType | null {
  const colon = raw.indexOf(':');
  const kind = colon < 0 ? raw : raw.slice(0, colon);
  const value = colon < 0 ? null : raw.slice(colon + 1).trim();
  if (kind === 'random' || kind === 'mostDifficult') return value === null ? { kind } : null;
  if (kind === 'chapter') return value ? { kind, value } : null;
  if (kind === 'egeNum') return value && /^\d{1,3}$/.test(value) ? { kind, value: Number(value) } : null;
  return null;
}

export function questionTypeString(type: QuestionType): string {
  return 'value' in type ? `${type.kind}:${type.value}` : type.kind;
}

/** A user who may not use the classmates and AI modes (learning §2, §6). */
export const NO_PEER_OR_AI_TYPES = ['Демо', 'Пакетник'] as const;

/** How many checks like a curator a student may do per Moscow day (no admin variable exists for it). */
export const CHECKS_LIKE_CURATOR_PER_DAY = 5;
/** A classmate's check not finished in this time returns to the pool for someone else. */
export const CHECK_ASSIGNMENT_TIMEOUT_MS = 60 * 60_000;
/** Longest check comment. */
export const CHECK_COMMENT_MAX = 5_000;

/** §3 'Part 2 question', with our extensions marked. */
export const part2Question = z.object({
  q2Id: z.number().int(),
  q2Question: z.string(),
  q2Chapter: z.string(),
  q2TaskNumber: z.number().int(),
  maxBall: z.number().int(),
  /** The answer being checked ('' when the student answers the question). */
  userAnswer: z.string(),
  /** '1': an unfinished check assigned earlier is returned again. */
  isOldCheck: flag,
  /**
   * Which answer is being checked: an opaque key of the assignment (never the author's id, so the
   * checked student stays anonymous); '' when the student answers a question.
   */
  studentId: z.string(),
  /** The homework's task number and homework number of a checked homework answer; 0 otherwise. */
  qNumber: z.number().int(),
  htNumber: z.number().int(),
  /** After a check like a curator: the curator's score and the student's own; null before. */
  curatorBall: z.number().int().nullable(),
  checkBall: z.number().int().nullable(),
  teacherComment: z.string(),
  teacherJson: z.record(z.string(), commentSegment),
  /** Our extensions: whether the question and explanation images exist ('/questions2/{q2Id}.png', '…_poyasn.png'). */
  hasImage: flag,
  hasExplanationImage: flag,
  /** Our extensions: the explanation and the scoring criteria, given only when the student scores (self-check, after a check like a curator, to a checker). */
  explanation: z.string(),
  criteria: z.string(),
  /** Our extension: the student's own comment of a finished check like a curator. */
  checkComment: z.string(),
  /** Our extension: the question is on the student's difficult list. */
  isDifficult: flag,
});
export type Part2Question = z.infer<typeof part2Question>;

const questionTypeField = safeString().trim().min(1, 'не заполнено').max(200, 'не длиннее 200 символов');
const questionId = intLike.pipe(z.number().int('номер вопроса — целое число').min(1, 'номер вопроса от 1').max(2_147_483_647, 'слишком большой номер вопроса'));
const checkBall = intLike.pipe(z.number().int('балл — целое число').min(0, 'Нельзя поставить меньше 0 баллов').max(100, 'слишком большой балл'));
const checkComment = safeString().trim().min(1, 'Вы не написали комментарий').max(CHECK_COMMENT_MAX, `комментарий не длиннее ${CHECK_COMMENT_MAX} символов`);
const assignmentKey = safeString().trim().min(1, 'не заполнено').max(40, 'не длиннее 40 символов');

export const availableQuestions2 = http('/app/api/train_p2/available_questions2.php', {
  input: noInput,
  output: z.object({
    chapters: z.array(z.string()),
    egeNums: z.array(z.number().int()),
    /** Sets of questions the AI can check (they have criteria); empty without a configured model or for Demo and Пакетник. */
    chaptersAI: z.array(z.string()),
    egeNumsAI: z.array(z.number().int()),
    additionInfo: z.object({
      availableChecksAnother: z.number().int(),
      availableChecksLikeCur: z.number().int(),
      /** Our extensions: the AI check has a model; the user may use the classmates and AI modes. */
      aiConfigured: flag,
      peerModes: flag,
    }),
  }),
  access: access.signedIn,
});

export const getQuestion2 = http('/app/api/train_p2/get_question2.php', {
  input: z.object({
    askType: z.enum(ANSWER_MODES),
    questionType: questionTypeField,
    include90Plus: flag.default('1'),
    /** Classmates mode: questions the student has not solved at full marks come first. */
    firstlyUnresolved: flag.default('0'),
  }),
  /** null: no question matches ('Вопросы не найдены'). */
  output: z.object({ questionData: part2Question.nullable() }),
  access: access.signedIn,
});

export const sendQuestion2 = http('/app/api/train_p2/send_question2.php', {
  input: z.object({
    askType: z.enum(['checkByClassmates', 'checkByAI']),
    questionId,
    userAnswer: safeString().max(P2_ANSWER_MAX, `ответ не длиннее ${P2_ANSWER_MAX} символов`),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const getCheckQuestion2 = http('/app/api/train_p2/get_check_question2.php', {
  input: z.object({ askType: z.enum(CHECK_MODES), questionType: questionTypeField.default('random'), include90Plus: flag.default('1') }),
  output: z.object({ questionData: part2Question.nullable() }),
  access: access.signedIn,
});

export const checkQuestion2 = http('/app/api/train_p2/check_question2.php', {
  input: z.object({
    askType: z.enum(['selfCheck', 'checkAnother']),
    checkData: z.object({
      questionId,
      checkBall,
      checkComment,
      /** Self-check: the answer being scored (it is stored with the score). */
      userAnswer: safeString().max(P2_ANSWER_MAX, `ответ не длиннее ${P2_ANSWER_MAX} символов`).optional(),
      /** A classmate's check: the studentId key of the assigned answer. */
      checkVkId: assignmentKey.optional(),
    }),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const checkLikecuratorFinish = http('/app/api/train_p2/check_likecurator_finish.php', {
  input: z.object({
    askType: z.literal('checkLikeCurator').default('checkLikeCurator'),
    checkData: z.object({
      qNumber: intLike.pipe(z.number().int().min(1).max(1000)),
      htNumber: intLike.pipe(z.number().int().min(1).max(100_000)),
      studentId: assignmentKey,
      checkComment,
      checkBall,
    }),
  }),
  /** The checked answer with the curator's score and comments beside the student's. */
  output: z.object({ questionData: part2Question }),
  access: access.signedIn,
});

export const cancelCheckQuestion2 = http('/app/api/train_p2/cancel_check_question2.php', {
  input: z.object({ q2Id: questionId, studentId: assignmentKey }),
  output: z.object({}),
  access: access.signedIn,
});

export const CHECK_STATUSES = ['assigning', 'checking', 'checked', 'aiChecking', 'aiFailed'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** §3 'Check row'. */
export const checkRow = z.object({
  id: z.number().int(),
  q2TaskNumber: z.number().int(),
  q2Chapter: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm' of the answer and of the check ('' while unchecked). */
  userDate: z.string(),
  checkDate: z.string(),
  /** The checking classmate's public key; '' while being assigned, for the AI and in 'checked by me'. */
  checkerId: z.string(),
  /** Our extension: the checker's name ('Фамилия Имя'), the author's in 'checked by me'. */
  checkerName: z.string(),
  checkStatus: z.enum(CHECK_STATUSES),
  /** Our extension: score 'x of max' once checked. */
  checkBallov: z.number().int().nullable(),
  maxBall: z.number().int(),
});
export type CheckRow = z.infer<typeof checkRow>;

export const checkTables = http('/app/api/train_p2/check_tables.php', {
  input: z.object({ tableType: z.enum(TABLE_TYPES) }),
  output: z.object({ table: z.array(checkRow) }),
  access: access.signedIn,
});

export const resultCheckQuestion2 = http('/app/api/train_p2/result_check_question2.php', {
  input: z.object({ askType: z.enum(TABLE_TYPES), checkId: intLike.pipe(z.number().int().min(1).max(2_147_483_647)) }),
  output: z.object({
    questionData: z.object({
      q2Id: z.number().int(),
      q2Chapter: z.string(),
      q2TaskNumber: z.number().int(),
      checkBallov: z.number().int().nullable(),
      maxBall: z.number().int(),
      /** The checked student's public key. */
      userVkId: z.string(),
      userAnswer: z.string(),
      checkText: z.string(),
      /** Our extensions: the question, its image flag, the checker ('' for the AI), names, status and the AI's error. */
      q2Question: z.string(),
      hasImage: flag,
      userName: z.string(),
      checkerName: z.string(),
      checkStatus: z.enum(CHECK_STATUSES),
    }),
  }),
  access: access.signedIn,
});

/** Pushed to the author when the AI finished (or failed) checking an answer. */
export const aiCheckDone = push('/train_p2/ai_check_done', {
  body: z.object({ checkId: z.number().int(), checkStatus: z.enum(CHECK_STATUSES) }),
  extension: true,
});

export const TRAIN_P2_TEXTS = {
  unknownType: 'Неизвестный тип',
  noPeerModes: 'Проверка одноклассниками и ИИ недоступна для вашего типа аккаунта',
  aiNotConfigured: 'Проверка ИИ не настроена: на сервере не подключена языковая модель',
  noCriteria: 'У этого вопроса нет критериев оценивания, ИИ не может его проверить',
  mostDifficultNoAi: 'Самые трудные вопросы недоступны в режиме проверки ИИ',
  unknownQuestion: 'Вопрос не найден',
  emptyAnswer: 'Вы не ввели ответ',
  overMax: 'Вы поставили больше максимального балла. Максимальный балл: {max}',
  noLikeCurLeft: 'На сегодня проверки «как куратор» закончились, приходите завтра',
  checkNotFound: 'Проверка не найдена',
  checkExpired: 'Время на проверку истекло: ответ передан другому ученику',
  notAssigned: 'Этот ответ вам не назначен на проверку',
  aiFailed: 'ИИ не смог проверить ответ: {reason}',
} as const;
