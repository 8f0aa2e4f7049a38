import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { flag, intLike, noInput, safeString } from './fields';

/** Oral credit trainer (learning-area 'Oral credit trainer (trains_verbal)', §3, §4, §7 'Oral trainer', §8). */

/** Wire type of a question set: all, zachet:{n}, lesson:{n}, razdel:{name}. */
export type VerbalSet = { kind: 'all' } | { kind: 'zachet' | 'lesson'; value: number } | { kind: 'razdel'; value: string };

/** Reads a set type; null when unknown or malformed. */
export function parseVerbalSet(raw: string): VerbalSet | null {
  if (raw === 'all') return { kind: 'all' };
  const match = /^(zachet|lesson|razdel):(.+)$/.exec(raw);
  if (!match) return null;
  const [, kind, value = ''] = match;
  if (kind === 'razdel') return value.trim() ? { kind, value: value.trim() } : null;
  if (kind !== 'zachet' && kind !== 'lesson') return null;
  return /^\d{1,6}$/.test(value) ? { kind, value: Number(value) } : null;
}

export function verbalSetString(set: VerbalSet): string {
  return set.kind === 'all' ? 'all' : `${set.kind}:${set.value}`;
}

const setType = safeString()
  .max(200, 'не длиннее 200 символов')
  .refine((value) => parseVerbalSet(value) !== null, 'ожидалось all, zachet:N, lesson:N или razdel:название');

export const verbalQuestionSchema = z.object({
  questionId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  '90plus': flag,
});
export type VerbalQuestion = z.infer<typeof verbalQuestionSchema>;

const counts = z.object({
  countQuestions: z.number().int(),
  /** Answers given (every time counts). */
  countAskedQuestions: z.number().int(),
  /** Different questions answered at least once. */
  countUniqueQuestions: z.number().int(),
});

const trainVerbal = access.icon('verbalZachets');

export const getAvailableLists = http('/app/api/train_zachet_verbal/get_available_lists.php', {
  input: noInput,
  output: z.object({ availableLessonNums: z.array(z.number().int()), availableZachetNums: z.array(z.number().int()), razdelNames: z.array(z.string()) }),
  access: trainVerbal,
});

export const getVerbalInfo = http('/app/api/train_zachet_verbal/get_info.php', {
  input: z.object({ type: setType }),
  output: z.object({ ninetyPlus: counts, ninetyMinus: counts }),
  access: trainVerbal,
});

export const getVerbalQuestions = http('/app/api/train_zachet_verbal/get_questions.php', {
  input: z.object({ type: setType, with90Plus: flag }),
  output: z.object({ questions: z.array(verbalQuestionSchema) }),
  access: trainVerbal,
});

/** The next question to train: one not answered yet first; null when the set is empty ('Вопросов нет'). */
export const getVerbalQuestion = http('/app/api/train_zachet_verbal/get_question.php', {
  input: z.object({ type: setType, with90Plus: flag }),
  output: z.object({ question: verbalQuestionSchema.nullable() }),
  access: trainVerbal,
});

export const sendVerbalAnswer = http('/app/api/train_zachet_verbal/send_answer.php', {
  input: z.object({
    questionId: intLike.pipe(z.number().int().min(1, 'нет такого вопроса')),
    /** Our extension: the written answer, kept for the student's history. */
    userAnswer: safeString().max(5000, 'ответ не длиннее 5000 символов').optional(),
  }),
  output: z.object({}),
  access: trainVerbal,
});

export const TRAIN_VERBAL_TEXTS = {
  questionNotFound: 'Вопрос не найден',
} as const;
