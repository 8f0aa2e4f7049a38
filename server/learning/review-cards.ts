import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { Db } from '../db';
import type { ReviewCardsTable } from '../db/schema';

/**
 * Review cards (ARCHITECTURE §5a): a wrongly answered part 1 question or a term
 * missed in the signs trainer comes back to the student when FSRS says her memory of it fades.
 * One card per student and question / term; a new miss on an existing card is a lapse (Again),
 * never a second card. The schedule is ts-fsrs's alone: rows keep its card state verbatim.
 */

/**
 * Whole days, no fuzz: an exam-prep student reviews once a day from «Сегодня», so the (re)learning
 * steps of minutes would only bring a card back within the same session; without fuzz the same
 * answers give the same date on every server, which the plan and the tests can rely on.
 */
const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false });

/** At most this many cards in one review session. */
export const REVIEW_SESSION_MAX = 20;

type CardState = Pick<ReviewCardsTable, 'due_at' | 'stability' | 'difficulty' | 'scheduled_days' | 'learning_steps' | 'reps' | 'lapses' | 'state' | 'last_review'>;
export type ReviewCardRow = CardState & Pick<ReviewCardsTable, 'user_id' | 'question_id' | 'sign_term_id'> & { id: number };

/** What a card is about: a part 1 question or a signs-trainer term. */
export type ReviewSubject = { questionId: number } | { signTermId: number };

function toCard(row: CardState): Card {
  return {
    due: new Date(Number(row.due_at)),
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: 0,
    scheduled_days: Number(row.scheduled_days),
    learning_steps: Number(row.learning_steps),
    reps: Number(row.reps),
    lapses: Number(row.lapses),
    state: Number(row.state),
    last_review: row.last_review === null ? undefined : new Date(Number(row.last_review)),
  };
}

function toRow(card: Card): CardState {
  return {
    due_at: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.getTime() : null,
  };
}

/** The card state after one more review graded `grade` at `at` (a fresh card when `state` is undefined). */
export function nextCardState(state: CardState | undefined, grade: Grade, at: number): CardState {
  const card = state ? toCard(state) : createEmptyCard(new Date(at));
  return toRow(scheduler.next(card, new Date(at), grade).card);
}

/** Right → Good, wrong → Again: the only honest signal a scored answer gives. */
export function gradeOf(right: boolean): Grade {
  return right ? Rating.Good : Rating.Again;
}

const subjectColumn = (subject: ReviewSubject) => ('questionId' in subject ? ({ column: 'question_id', id: subject.questionId } as const) : ({ column: 'sign_term_id', id: subject.signTermId } as const));

/**
 * A miss at `at`: makes the student's card for the subject, or lapses the one she has. Called in the
 * transaction that stores the scored answer. A first miss costs one insert; a repeat miss a read
 * and an update.
 */
export async function recordMiss(trx: Db, userId: number, subject: ReviewSubject, at: number): Promise<void> {
  const { column, id } = subjectColumn(subject);
  const inserted = await trx
    .insertInto('review_cards')
    .values({ user_id: userId, question_id: null, sign_term_id: null, [column]: id, ...nextCardState(undefined, Rating.Again, at), created_at: at })
    .onConflict((oc) => oc.columns(['user_id', column]).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return;
  const card = await trx.selectFrom('review_cards').selectAll().where('user_id', '=', userId).where(column, '=', id).executeTakeFirst();
  if (card) await saveReview(trx, card, false, at);
}

/**
 * Reschedules a card after an answer at `at`; returns the new due date, or null when the card moved
 * since it was read (another answer to it came first: this one must not count twice).
 */
export async function saveReview(trx: Db, card: ReviewCardRow, right: boolean, at: number): Promise<number | null> {
  const next = nextCardState(card, gradeOf(right), at);
  const saved = await trx.updateTable('review_cards').set(next).where('id', '=', card.id).where('reps', '=', Number(card.reps)).executeTakeFirst();
  return Number(saved.numUpdatedRows) === 1 ? next.due_at : null;
}

/** The student's cards due at `now`, the longest overdue first, at most `limit`. */
export async function dueCards(db: Db, userId: number, now: number, limit = REVIEW_SESSION_MAX): Promise<ReviewCardRow[]> {
  return db.selectFrom('review_cards').selectAll().where('user_id', '=', userId).where('due_at', '<=', now).orderBy('due_at').orderBy('id').limit(limit).execute();
}

/** One of the student's cards, or undefined when it is not hers (or gone). */
export async function ownCard(db: Db, userId: number, cardId: number): Promise<ReviewCardRow | undefined> {
  return db.selectFrom('review_cards').selectAll().where('id', '=', cardId).where('user_id', '=', userId).executeTakeFirst();
}

/** For the «Сегодня» plan: how many cards are due at `now`, and when the next not-yet-due card falls due. */
export async function dueReviewSummary(db: Db, userId: number, now: number): Promise<{ due: number; nextDueAt: number | null }> {
  const [due, next] = await Promise.all([
    db.selectFrom('review_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('due_at', '<=', now).executeTakeFirstOrThrow(),
    db.selectFrom('review_cards').select((eb) => eb.fn.min<number>('due_at').as('at')).where('user_id', '=', userId).where('due_at', '>', now).executeTakeFirstOrThrow(),
  ]);
  return { due: Number(due.n), nextDueAt: next.at === null ? null : Number(next.at) };
}
