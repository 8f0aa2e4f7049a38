import { z } from 'zod';
import { access } from './access';
import { http, type OutputOf } from './core';
import { alreadyApplied, flag, intLike, noInput, opId, safeString } from './fields';
import { homeworkQuestionP1 } from './homework-p1';

/**
 * Reviews that come back (our extension): a student's wrongly answered part 1
 * questions and missed signs-trainer terms return as FSRS review cards (server/learning/review-cards.ts).
 * Whoever calls reads and answers only her own cards (the server looks every card up by the
 * caller): a curator or an admin is shown none of a student's, only their own (normally none).
 */

const bit = z.union([z.literal(0), z.literal(1)]);

/** A term card while answering: the signs in the order to show, nothing telling which are true. */
export const reviewTerm = z.object({
  name: z.string(),
  chapter: z.string(),
  signs: z.array(z.string()),
});

/** A term card after the answer: per sign whether it is true, why, and what the student ticked. */
export const reviewTermResult = reviewTerm.extend({
  rightAnswers: z.array(bit),
  descriptions: z.array(z.string()),
  userAnswer: z.array(bit),
  definition: z.string().nullable(),
});

/** One due card: exactly one of question (part 1, answers hidden) and term is set. */
export const reviewCard = z.object({
  cardId: z.number().int(),
  /** When it fell due (epoch ms). */
  dueAt: z.number(),
  question: homeworkQuestionP1.nullable(),
  term: reviewTerm.nullable(),
});
export type ReviewCard = z.infer<typeof reviewCard>;

export const getDueReviews = http('/app/api/reviews/get_due.php', {
  input: noInput,
  output: z.object({
    /** The due cards of one session, the longest overdue first (at most 20). */
    cards: z.array(reviewCard),
    /** All cards due now (may be more than the session holds). */
    due: z.number().int(),
    /** When the next card not yet due falls due (epoch ms), null when there is none. */
    nextDueAt: z.number().nullable(),
  }),
  access: access.signedIn,
  extension: true,
});

export const answerReview = http('/app/api/reviews/answer.php', {
  input: z.object({
    cardId: intLike.pipe(z.number().int().min(1, 'номер карточки от 1')),
    /** A question card: the answer as typed, in displayed numbering. */
    userAnswer: safeString().max(60, 'ответ не длиннее 60 символов').default(''),
    /** A term card: per sign in the order shown, 1 = ticked. */
    ticks: z.array(bit).max(20, 'не больше 20 признаков').default([]),
    /** The answer's operation id, the same when it is sent again (fields.ts `opId`). */
    opId: opId.optional(),
  }),
  output: z.object({
    right: flag,
    /** A question card: the question with the answer given, the right one and the explanations. */
    question: homeworkQuestionP1.nullable(),
    /** A term card: the signs marked, with explanations. */
    term: reviewTermResult.nullable(),
    /** When the card comes back (epoch ms). */
    nextDueAt: z.number(),
    alreadyApplied,
  }),
  access: access.signedIn,
  extension: true,
});

export type AnswerReviewResult = OutputOf<typeof answerReview>;

export const REVIEW_TEXTS = {
  notFound: 'Карточка не найдена. Обновите страницу.',
  notDue: 'Эту карточку пока рано повторять. Обновите страницу.',
  emptyAnswer: 'Введите ответ',
  badAnswer: 'Ответ не подходит к типу вопроса',
  ticksLength: 'Отметьте признаки ещё раз: список изменился. Обновите страницу.',
} as const;
