import { CHECK_ASSIGNMENT_TIMEOUT_MS, TRAIN_P2_TEXTS as T, type Part2Question, type QuestionType } from '../../../src/shared/contract/train-p2';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { classmateKey, requirePeerModes, requireScoreWithin } from './modes';
import { eligibleQuestionsP2, presentQuestionP2, questionById, questionsOfType } from './question-pool';
import { errorMessage } from '../../../src/shared/guards';
import { recordScoredAnswer } from '../../learning/mastery';

/**
 * Checks by classmates. Every classmates answer waits in a pool and is given to one checker at a
 * time, oldest first; never to its author and never twice to the same checker (a refused or lapsed
 * check is remembered in train_p2_refusals). An assignment not finished within
 * CHECK_ASSIGNMENT_TIMEOUT_MS returns to the pool.
 *
 * Race-freeness: a claim is one conditional UPDATE that only succeeds while the row is still as it
 * was read (unassigned, or assigned to the same lapsed checker). Under PostgreSQL's READ COMMITTED
 * a second UPDATE of the same row waits for the first and re-checks its WHERE against the new row,
 * so it fails; SQLite runs writes one at a time. A partial unique index keeps one open check per
 * checker even when one student's requests race.
 */

const MODE = 'checkByClassmates';
const CANDIDATES = 10;

/** Answers this checker may be given now, oldest first (the same filter counts 'Check another'). */
function claimable(db: Db, checkerId: number, questionIds: number[], now: number) {
  return db
    .selectFrom('train_p2_answers')
    .where('mode', '=', MODE)
    .where('status', '=', 'waiting')
    .where('user_id', '!=', checkerId)
    .where('question_id', 'in', questionIds)
    .where((eb) => eb.or([eb('checker_id', 'is', null), eb('assigned_at', '<', now - CHECK_ASSIGNMENT_TIMEOUT_MS)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('train_p2_refusals').select('train_p2_refusals.answer_id').whereRef('train_p2_refusals.answer_id', '=', 'train_p2_answers.id').where('train_p2_refusals.checker_id', '=', checkerId))));
}

async function checkableQuestionIds(db: Db, user: CurrentUser, type: QuestionType, include90Plus: boolean, now: number): Promise<number[]> {
  return (await questionsOfType(db, user.id, await eligibleQuestionsP2(db, user, include90Plus, now), type)).map((row) => row.id);
}

/**
 * 'Check another': what the button would give now, so the count is 0 exactly when it gives
 * nothing: the checker's own open check (offered again first) plus the answers they may claim.
 */
export async function countClaimable(db: Db, user: CurrentUser, now: number): Promise<number> {
  const own = (await openCheckOf(db, user.id)) ? 1 : 0;
  const ids = await checkableQuestionIds(db, user, { kind: 'random' }, true, now);
  if (ids.length === 0) return own;
  const row = await claimable(db, user.id, ids, now)
    // A lapsed check of their own is already counted as `own`.
    .where((eb) => eb.or([eb('checker_id', 'is', null), eb('checker_id', '!=', user.id)]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return own + Number(row.n);
}

type AnswerRow = { id: number; question_id: number; user_answer: string };

async function present(db: Db, answer: AnswerRow, old: boolean): Promise<Part2Question> {
  const question = await questionById(db, answer.question_id);
  if (!question) fail(T.checkNotFound);
  // The checker scores against the criteria, so they see them (never the author's identity).
  return presentQuestionP2(question, { revealKey: true, userAnswer: answer.user_answer, studentId: classmateKey(answer.id), isOldCheck: old ? '1' : '0' });
}

async function openCheckOf(db: Db, checkerId: number): Promise<AnswerRow | undefined> {
  return db.selectFrom('train_p2_answers').select(['id', 'question_id', 'user_answer']).where('checker_id', '=', checkerId).where('status', '=', 'waiting').executeTakeFirst();
}

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(errorMessage(error));

/**
 * The checker's open check again (isOldCheck '1'), or the oldest answer they may check, claimed
 * for them; null when there is none.
 */
export async function claimCheck(db: Db, user: CurrentUser, type: QuestionType, include90Plus: boolean, now: number): Promise<Part2Question | null> {
  requirePeerModes(user);
  const open = await openCheckOf(db, user.id);
  if (open) {
    // Still theirs: the clock starts again.
    await db.updateTable('train_p2_answers').set({ assigned_at: now }).where('id', '=', open.id).where('checker_id', '=', user.id).where('status', '=', 'waiting').execute();
    return present(db, open, true);
  }
  const ids = await checkableQuestionIds(db, user, type, include90Plus, now);
  if (ids.length === 0) return null;
  for (let round = 0; round < 5; round += 1) {
    const candidates = await claimable(db, user.id, ids, now).select(['id', 'question_id', 'user_answer', 'checker_id']).orderBy('created_at').orderBy('id').limit(CANDIDATES).execute();
    if (candidates.length === 0) return null;
    for (const candidate of candidates) {
      let claimed: boolean;
      try {
        const result = await db
          .updateTable('train_p2_answers')
          .set({ checker_id: user.id, assigned_at: now })
          .where('id', '=', candidate.id)
          .where('status', '=', 'waiting')
          .where((eb) =>
            candidate.checker_id === null
              ? eb('checker_id', 'is', null)
              : eb.and([eb('checker_id', '=', candidate.checker_id), eb('assigned_at', '<', now - CHECK_ASSIGNMENT_TIMEOUT_MS)]),
          )
          .executeTakeFirst();
        claimed = Number(result.numUpdatedRows) === 1;
      } catch (error) {
        // The same student claimed another answer in a parallel request: give them that one.
        if (!isUniqueViolation(error)) throw error;
        const mine = await openCheckOf(db, user.id);
        if (mine) return present(db, mine, true);
        throw error;
      }
      if (!claimed) continue;
      // The lapsed checker never gets this answer again.
      if (candidate.checker_id !== null) {
        await db.insertInto('train_p2_refusals').values({ answer_id: candidate.id, checker_id: candidate.checker_id, created_at: now }).onConflict((oc) => oc.columns(['answer_id', 'checker_id']).doNothing()).execute();
      }
      return present(db, candidate, false);
    }
  }
  return null;
}

/** Stores the checker's score and comment on the answer assigned to them. */
export async function finishClassmateCheck(db: Db, user: CurrentUser, answerId: number, data: { questionId: number; checkBall: number; checkComment: string }, now: number): Promise<void> {
  requirePeerModes(user);
  const row = await db.selectFrom('train_p2_answers').select(['id', 'question_id', 'checker_id', 'status', 'max_points', 'mode']).where('id', '=', answerId).executeTakeFirst();
  if (!row || row.mode !== MODE || row.question_id !== data.questionId) fail(T.notAssigned);
  if (row.checker_id !== user.id || row.status !== 'waiting') {
    const lapsed = await db.selectFrom('train_p2_refusals').select('answer_id').where('answer_id', '=', answerId).where('checker_id', '=', user.id).executeTakeFirst();
    fail(lapsed ? T.checkExpired : T.notAssigned);
  }
  requireScoreWithin(data.checkBall, row.max_points);
  const checked = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('train_p2_answers')
      .set({ status: 'checked', points: data.checkBall, check_comment: data.checkComment, checked_at: now })
      .where('id', '=', answerId)
      .where('checker_id', '=', user.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    // A classmate's score is evidence about the author (a self-check is not: it grades itself).
    const author = await trx.selectFrom('train_p2_answers').select('user_id').where('id', '=', answerId).executeTakeFirstOrThrow();
    await recordScoredAnswer(trx, { userId: author.user_id, source: 'train-p2', part: 2, questionId: row.question_id, points: data.checkBall, maxPoints: row.max_points, at: now });
    return true;
  });
  if (!checked) fail(T.checkExpired);
}

/** A refused check returns to the pool and is never offered to this checker again. */
export async function refuseClassmateCheck(db: Db, user: CurrentUser, answerId: number, questionId: number, now: number): Promise<void> {
  const released = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('train_p2_answers')
      .set({ checker_id: null, assigned_at: null })
      .where('id', '=', answerId)
      .where('question_id', '=', questionId)
      .where('checker_id', '=', user.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.insertInto('train_p2_refusals').values({ answer_id: answerId, checker_id: user.id, created_at: now }).onConflict((oc) => oc.columns(['answer_id', 'checker_id']).doNothing()).execute();
    return true;
  });
  if (!released) fail(T.checkNotFound);
}
