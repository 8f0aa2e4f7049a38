import { z } from 'zod';
import type { SignsStatus, SignsTerm } from '../../../src/shared/contract/train-signs';
import { RANDOM_SET, TRAIN_SIGNS_TEXTS as T } from '../../../src/shared/contract/train-signs';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { answerScored, type DomainEventBus } from '../../events';
import { recordMiss } from '../../learning/review-cards';
import { definitionOf, openTerms, variantsOf, type OpenTerm } from './terms';

/**
 * The signs trainer's state machine (learning-area §4 'Signs'): SELECT → START → ANSWERING →
 * answer → MID_RESULT → NEXT → ANSWERING …, EXIT → SELECT. The state lives in
 * sign_trainer_states, so a reload or another device continues the same term with the same
 * order of signs. Right answers leave the server only once the term is answered.
 */

interface StateRow {
  status: string;
  set_type: string;
  sign_term_id: number | null;
  variant_order: string;
  user_answer: string | null;
}

type Bit = 0 | 1;

/** +1.5 for a term first answered fully right; the text the rating history shows (seed/rating.ts uses it too). */
const SOLVED_TERM_TENTHS = 15;
const SOLVED_TERM_COMMENT = 'Тренировка признаков: все признаки верны';

async function readState(db: Db, userId: number): Promise<StateRow | undefined> {
  return db
    .selectFrom('sign_trainer_states')
    .select(['status', 'set_type', 'sign_term_id', 'variant_order', 'user_answer'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

function shuffled(count: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

function inSet(term: OpenTerm, setType: string): boolean {
  return setType === RANDOM_SET || term.chapter === setType;
}

/**
 * The next term of a set: terms never answered fully right first, among them the least
 * answered, a random one of those; not the term just shown while the set has another.
 */
async function pickTerm(db: Db, userId: number, terms: OpenTerm[], previous: number | null): Promise<OpenTerm> {
  const pool = terms.length > 1 ? terms.filter((term) => term.id !== previous) : terms;
  const answers = await db
    .selectFrom('sign_trainer_answers')
    .select(['sign_term_id', 'is_right'])
    .where('user_id', '=', userId)
    .execute();
  const rank = new Map<number, number>();
  for (const answer of answers) {
    // Solved terms go behind every unsolved one; then by number of answers.
    rank.set(answer.sign_term_id, (rank.get(answer.sign_term_id) ?? 0) + (answer.is_right === 1 ? 1000 : 1));
  }
  const best = Math.min(...pool.map((term) => rank.get(term.id) ?? 0));
  const candidates = pool.filter((term) => (rank.get(term.id) ?? 0) === best);
  return candidates[Math.floor(Math.random() * candidates.length)]!;
}

/** What the state row keeps as JSON: the shown order of the signs and the ticks given. */
const storedOrder = z.array(z.number().int());
const storedTicks = z.array(z.union([z.literal(0), z.literal(1)]));

/** The wire view of the state; a term that is gone or closed now reads as SELECT. */
async function view(db: Db, user: CurrentUser, state: StateRow | undefined, now: number): Promise<{ status: SignsStatus; termin: SignsTerm | null }> {
  if (!state || state.status === 'SELECT' || state.sign_term_id === null) return { status: 'SELECT', termin: null };
  const term = (await openTerms(db, user, now)).find((candidate) => candidate.id === state.sign_term_id);
  if (!term) return { status: 'SELECT', termin: null };
  const variants = await variantsOf(db, term.id);
  const order = storedOrder.parse(JSON.parse(state.variant_order));
  const answered = state.status === 'MID_RESULT';
  return {
    status: answered ? 'MID_RESULT' : 'ANSWERING',
    termin: {
      terminName: term.name,
      terminLessonNumber: term.lessonNum,
      terminRazdel: term.chapter,
      type: state.set_type,
      questionAnsColumn1: variants.map((variant) => variant.text),
      mixRuleColumn1: order.length === variants.length ? order : variants.map((_, index) => index),
      rightAnswers: answered ? variants.map((variant): Bit => (variant.isRight ? 1 : 0)) : null,
      descriptions: answered ? variants.map((variant) => variant.description) : null,
      userAnswer: answered && state.user_answer ? storedTicks.parse(JSON.parse(state.user_answer)) : null,
      terminDefinition: answered ? await definitionOf(db, term.id) : null,
    },
  };
}

/** Puts a new term of the set in front of the student. */
async function present(db: Db, user: CurrentUser, setType: string, previous: StateRow | undefined, now: number): Promise<void> {
  const terms = (await openTerms(db, user, now)).filter((term) => inSet(term, setType));
  if (terms.length === 0) fail(T.noTerms);
  const term = await pickTerm(db, user.id, terms, previous?.sign_term_id ?? null);
  const order = JSON.stringify(shuffled((await variantsOf(db, term.id)).length));
  const values = { status: 'ANSWERING', set_type: setType, sign_term_id: term.id, variant_order: order, user_answer: null, updated_at: now };
  if (!previous) {
    await db
      .insertInto('sign_trainer_states')
      .values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return;
  }
  // Only from the state we read: a second Continue racing the first leaves the first one's term.
  let update = db.updateTable('sign_trainer_states').set(values).where('user_id', '=', user.id).where('status', '=', previous.status);
  update = previous.sign_term_id === null ? update.where('sign_term_id', 'is', null) : update.where('sign_term_id', '=', previous.sign_term_id);
  await update.execute();
}

export async function signsData(db: Db, user: CurrentUser, action: 'START' | 'NEXT' | 'EXIT' | undefined, type: string | undefined, now: number) {
  const state = await readState(db, user.id);
  if (action === 'START') {
    if (!type) fail(T.typeRequired);
    await present(db, user, type, state, now);
  } else if (action === 'NEXT') {
    const current = await view(db, user, state, now);
    if (current.status === 'SELECT') fail(T.notStarted);
    // NEXT while still answering (a repeated Continue) keeps the current term rather than skipping it.
    if (current.status === 'MID_RESULT') await present(db, user, type ?? state!.set_type, state, now);
  } else if (action === 'EXIT' && state) {
    await db.updateTable('sign_trainer_states').set({ status: 'SELECT', sign_term_id: null, variant_order: '[]', user_answer: null, updated_at: now }).where('user_id', '=', user.id).execute();
  }
  return view(db, user, await readState(db, user.id), now);
}

/**
 * Scores the student's ticks for the current term. A term is right when every true sign and no
 * false one is ticked. When no false sign is ticked, the ticked true signs count as recognised
 * (chapter mastery). The first fully right answer of a term earns rating once (answering a
 * known term again earns nothing, so the rating cannot be farmed). Sending the same answer again
 * (a retry after a dropped connection) succeeds without counting twice.
 */
export async function answerSigns(db: Db, events: DomainEventBus, user: CurrentUser, terminName: string, userAnswer: Bit[], now: number): Promise<void> {
  const state = await readState(db, user.id);
  const current = await view(db, user, state, now);
  if (!current.termin || current.termin.terminName !== terminName) fail(T.termChanged);
  if (current.status === 'MID_RESULT') {
    if (JSON.stringify(current.termin.userAnswer) === JSON.stringify(userAnswer)) return;
    fail(T.termChanged);
  }
  const termId = state!.sign_term_id!;
  const variants = await variantsOf(db, termId);
  if (userAnswer.length !== variants.length) fail(T.answerLength);
  const isRight = variants.every((variant, index) => (userAnswer[index] === 1) === variant.isRight);
  const noFalseTicked = variants.every((variant, index) => variant.isRight || userAnswer[index] === 0);
  const recorded = await events.transaction(db, async (trx, publish) => {
    const moved = await trx
      .updateTable('sign_trainer_states')
      .set({ status: 'MID_RESULT', user_answer: JSON.stringify(userAnswer), updated_at: now })
      .where('user_id', '=', user.id)
      .where('status', '=', 'ANSWERING')
      .where('sign_term_id', '=', termId)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx.insertInto('sign_trainer_answers').values({ user_id: user.id, sign_term_id: termId, user_answer: JSON.stringify(userAnswer), is_right: isRight ? 1 : 0, created_at: now }).execute();
    const recognised = noFalseTicked ? variants.filter((variant, index) => variant.isRight && userAnswer[index] === 1) : [];
    if (recognised.length > 0) {
      await trx
        .insertInto('sign_recognitions')
        .values(recognised.map((variant) => ({ user_id: user.id, variant_id: variant.id, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
        .execute();
    }
    // A missed term comes back as a review card.
    if (!isRight) await recordMiss(trx, user.id, { signTermId: termId }, now);
    await publish(answerScored, {
      userId: user.id,
      source: { kind: 'train_signs', id: String(termId) },
      question: null,
      points: isRight ? 1 : 0,
      maxPoints: 1,
      rating: isRight ? { tenths: SOLVED_TERM_TENTHS, comment: SOLVED_TERM_COMMENT } : null,
      at: now,
    });
    return true;
  });
  if (recorded) return;
  // Lost a race with the same answer sent twice at once: fine if that one was this answer.
  const after = await view(db, user, await readState(db, user.id), now);
  if (after.status === 'MID_RESULT' && after.termin?.terminName === terminName && JSON.stringify(after.termin.userAnswer) === JSON.stringify(userAnswer)) return;
  fail(T.termChanged);
}
