import { sql } from 'kysely';
import { DECIDE_FIRST_TEXTS as T } from '../../../src/shared/contract/decide-first';
import { coefficientTenths, DECIDE_FIRST, roundScoreTenths } from '../../../src/shared/domain/decide-first';
import { scoreAnswer } from '../../../src/shared/domain/questions';
import { CallFailure, fail } from '../../contract/errors';
import type { Db } from '../../db';
import { questionJsonOf } from '../../questions/question-bank';
import { typedAnswerProblem } from '../../questions/present-question';
import { closeRound, playersYetToAnswer, settle } from './game-flow';
import { LEFT, loadMembership } from './game-store';
import { recordScoredAnswer } from '../../learning/mastery';

const bump = sql<number>`version + 1`;

/**
 * send_game_answer: scores the answer with the question engine and, if it is right, tries to take
 * the round. Of simultaneous right answers exactly one wins, decided by the database: the winner
 * is whoever's conditional UPDATE moves the game from this round's ANSWERING to MID_RESULT (before
 * the deadline); for everyone else that UPDATE changes nothing. It also locks the game row, so the
 * round's winner, the answers and the scores are written by one transaction at a time.
 */
export async function answerRound(db: Db, userId: number, input: { answer: string; gameId: number; qNum: number }, now: number): Promise<{ isRight: boolean; wonRound: boolean }> {
  let membership = await loadMembership(db, input.gameId, userId);
  if (!membership) fail(T.noGame);
  const game = await settle(db, membership.game, now);
  // A deadline just applied may have ended a series: read the player again.
  if (game.version !== membership.game.version) membership = (await loadMembership(db, input.gameId, userId)) ?? membership;
  if (membership.player.result === LEFT || membership.player.active_slot !== 1) fail(T.notPlaying);
  if (game.status !== 'ANSWERING' || game.current_q !== input.qNum) fail(T.roundClosed);

  const round = await db
    .selectFrom('decide_first_rounds')
    .innerJoin('questions_p1', 'questions_p1.id', 'decide_first_rounds.question_id')
    .selectAll('questions_p1')
    .select(['decide_first_rounds.real_ball'])
    .where('decide_first_rounds.game_id', '=', game.id)
    .where('decide_first_rounds.q_num', '=', input.qNum)
    .executeTakeFirst();
  if (!round) fail(T.roundClosed);
  const question = questionJsonOf(round);
  const problem = typedAnswerProblem(question, input.answer);
  if (problem) fail(problem === 'empty' ? T.emptyAnswer : T.badAnswer);
  const answer = input.answer.trim();
  const points = scoreAnswer(question, answer, round.real_ball);
  const isRight = points >= round.real_ball;
  // The series cannot change while this round is open: only closing a round changes it.
  const tenths = roundScoreTenths(round.real_ball, coefficientTenths(membership.player.streak));

  const wonRound = await db.transaction().execute(async (trx) => {
    const open = (patch: Record<string, unknown>) =>
      trx
        .updateTable('decide_first_games')
        .set({ version: bump, ...patch })
        .where('id', '=', game.id)
        .where('status', '=', 'ANSWERING')
        .where('current_q', '=', input.qNum)
        .where('phase_deadline', '>', now)
        .executeTakeFirst();
    const moved = await open(isRight ? { status: 'MID_RESULT', phase_deadline: now + DECIDE_FIRST.midResultMs } : {});
    if (Number(moved.numUpdatedRows) !== 1) throw new CallFailure(T.roundClosed);
    const stored = await trx
      .insertInto('decide_first_answers')
      .values({ game_id: game.id, q_num: input.qNum, user_id: userId, answer, points, is_right: isRight ? 1 : 0, answered_at: now })
      .onConflict((oc) => oc.columns(['game_id', 'q_num', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(stored.numInsertedOrUpdatedRows ?? 0) !== 1) throw new CallFailure(T.answeredAlready);
    if (round.real_ball > 0) await recordScoredAnswer(trx, { userId, source: 'game', part: 1, questionId: round.id, points, maxPoints: round.real_ball, at: now });

    if (isRight) {
      const took = await trx
        .updateTable('decide_first_rounds')
        .set({ winner_id: userId, winner_tenths: tenths, closed_at: now })
        .where('game_id', '=', game.id)
        .where('q_num', '=', input.qNum)
        .where('winner_id', 'is', null)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      // Cannot happen while the game row says the round is open; refuse rather than give two winners.
      if (Number(took.numUpdatedRows) !== 1) throw new CallFailure(T.roundClosed);
      // The winner's series grows and their points add up; everyone else's series ends.
      const mine = sql<number>`case when user_id = ${userId} then 1 else 0 end`;
      await trx
        .updateTable('decide_first_players')
        .set({
          score_tenths: sql<number>`score_tenths + ${mine} * ${tenths}`,
          streak: sql<number>`case when user_id = ${userId} then streak + 1 else 0 end`,
          rounds_won: sql<number>`rounds_won + ${mine}`,
        })
        .where('game_id', '=', game.id)
        .execute();
      return true;
    }
    // Every player still in has answered and nobody was right: no need to wait for the clock.
    if ((await playersYetToAnswer(trx, game.id, input.qNum)) === 0) await closeRound(trx, game.id, input.qNum, now);
    return false;
  });
  return { isRight, wonRound };
}
