import { REVIEW_TEXTS as T, type AnswerReviewResult, type ReviewCard } from '../../../src/shared/contract/reviews';
import { pointsOfTask, scoreAnswer } from '../../../src/shared/domain/questions';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { answerScored, type DomainEventBus } from '../../events';
import { recordScoredAnswer } from '../../learning/mastery';
import { dueCards, dueReviewSummary, ownCard, saveReview, type ReviewCardRow } from '../../learning/review-cards';
import { examPrimaryScores, questionJsonOf } from '../../questions/question-bank';
import { presentQuestion, typedAnswerProblem } from '../../questions/present-question';
import { termsOf, type ReviewTermRow } from './term-cards';

/**
 * The review session: the student's due cards shown as the questions and terms
 * she answers everywhere else, each answer scored by the shared engine (as training part 1 scores
 * it), recorded as a scored answer and fed to FSRS, which says when the card comes back.
 */

/** The due cards of one session and when the next one falls due. */
export async function dueSession(db: Db, user: CurrentUser, now: number): Promise<{ cards: ReviewCard[]; due: number; nextDueAt: number | null }> {
  const [rows, summary] = await Promise.all([dueCards(db, user.id, now), dueReviewSummary(db, user.id, now)]);
  const questionIds = rows.flatMap((row) => (row.question_id === null ? [] : [row.question_id]));
  const [questions, terms, scores] = await Promise.all([
    questionIds.length === 0 ? [] : db.selectFrom('questions_p1').selectAll().where('id', 'in', questionIds).execute(),
    termsOf(db, rows.flatMap((row) => (row.sign_term_id === null ? [] : [row.sign_term_id]))),
    examPrimaryScores(db),
  ]);
  const questionById = new Map(questions.map((row) => [row.id, row]));
  const cards = rows.flatMap((row, index): ReviewCard[] => {
    const base = { cardId: row.id, dueAt: Number(row.due_at) };
    const question = row.question_id === null ? undefined : questionById.get(row.question_id);
    if (question) {
      const view = presentQuestion(question, { qNumber: index + 1, userAnswer: '', points: null, maxPoints: pointsOfTask(scores, question.ege_num), difficult: false, reveal: false });
      return [{ ...base, question: view, term: null }];
    }
    const term = row.sign_term_id === null ? undefined : terms.get(row.sign_term_id);
    return term ? [{ ...base, question: null, term: { name: term.name, chapter: term.chapter, signs: term.signs.map((sign) => sign.text) } }] : [];
  });
  return { cards, due: summary.due, nextDueAt: summary.nextDueAt };
}

/** A due card of hers, or a Russian refusal. */
async function dueCard(db: Db, user: CurrentUser, cardId: number, now: number): Promise<ReviewCardRow> {
  const card = await ownCard(db, user.id, cardId);
  if (!card) fail(T.notFound);
  if (Number(card.due_at) > now) fail(T.notDue);
  return card;
}

/**
 * Scores the answer to one due card, records it and reschedules the card. `remember` stores the
 * answer under the client's op id in the same transaction, so a resend gets the same reply.
 */
export async function answerCard(
  db: Db,
  events: DomainEventBus,
  user: CurrentUser,
  input: { cardId: number; userAnswer: string; ticks: Array<0 | 1>; remember: (trx: Db, result: AnswerReviewResult) => Promise<void> },
  now: number,
): Promise<AnswerReviewResult> {
  const card = await dueCard(db, user, input.cardId, now);
  const answered = card.question_id !== null ? await scoreQuestion(db, card.question_id, input.userAnswer) : await scoreTerm(db, card.sign_term_id!, input.ticks);
  return events.transaction(db, async (trx, publish) => {
    // Only the state we read moves: a second copy racing this one finds the card no longer due.
    const nextDueAt = await saveReview(trx, card, answered.right, now);
    if (nextDueAt === null) fail(T.notDue);
    await publish(answerScored, {
      userId: user.id,
      source: { kind: 'review', id: `${card.id}:${Number(card.reps) + 1}` },
      question: card.question_id === null ? null : { part: 1, id: card.question_id },
      points: answered.points,
      maxPoints: answered.maxPoints,
      rating: null,
      at: now,
    });
    if (card.question_id !== null) {
      await recordScoredAnswer(trx, { userId: user.id, source: 'review', part: 1, questionId: card.question_id, points: answered.points, maxPoints: answered.maxPoints, at: now });
    }
    const result: AnswerReviewResult = { right: answered.right ? '1' : '0', question: answered.question, term: answered.term, nextDueAt };
    await input.remember(trx, result);
    return result;
  });
}

type Scored = Pick<AnswerReviewResult, 'question' | 'term'> & { right: boolean; points: number; maxPoints: number };

/** A part 1 answer scored exactly as training part 1 scores it. */
async function scoreQuestion(db: Db, questionId: number, typed: string): Promise<Scored> {
  const row = await db.selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirst();
  if (!row) fail(T.notFound);
  const question = questionJsonOf(row);
  const problem = typedAnswerProblem(question, typed);
  if (problem) fail(problem === 'empty' ? T.emptyAnswer : T.badAnswer);
  const answer = typed.trim();
  const maxPoints = pointsOfTask(await examPrimaryScores(db), row.ege_num);
  const points = scoreAnswer(question, answer, maxPoints);
  const view = presentQuestion(row, { qNumber: 1, userAnswer: answer, points, maxPoints, difficult: false, reveal: true });
  return { right: points >= maxPoints, points, maxPoints, question: view, term: null };
}

/** A term is right when every true sign and no false one is ticked (the signs trainer's rule). */
async function scoreTerm(db: Db, termId: number, ticks: Array<0 | 1>): Promise<Scored> {
  const term: ReviewTermRow | undefined = (await termsOf(db, [termId])).get(termId);
  if (!term) fail(T.notFound);
  if (ticks.length !== term.signs.length) fail(T.ticksLength);
  const right = term.signs.every((sign, index) => (ticks[index] === 1) === sign.isRight);
  return {
    right,
    points: right ? 1 : 0,
    maxPoints: 1,
    question: null,
    term: {
      name: term.name,
      chapter: term.chapter,
      signs: term.signs.map((sign) => sign.text),
      rightAnswers: term.signs.map((sign) => (sign.isRight ? 1 : 0)),
      descriptions: term.signs.map((sign) => sign.description),
      userAnswer: ticks,
      definition: term.definition,
    },
  };
}
