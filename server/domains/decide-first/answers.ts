import { sql } from 'kysely';
import { DECIDE_FIRST_TEXTS as T } from '../../../src/shared/contract/decide-first';
import { coefficientTenths, DECIDE_FIRST, roundScoreTenths } from '../../../src/shared/domain/decide-first';
import { scoreAnswer } from '../../../src/shared/domain/questions';
import { CallFailure, fail } from '../../contract/errors';
import type { Db } from '../../db';
import { questionJsonOf } from '../homework-p1/question-bank';
import { typedAnswerProblem } from '../homework-p1/present-question';
import { closeRound, playersYetToAnswer, settle } from './game-flow';
import { LEFT, loadMembership } from './game-store';

const bump = sql<number>`version + 1`;

/**
 * send_game_answer: scores the answer with the question engine and, if it is right, tries to take
 * the round. Of simultaneous right answers exactly one wins: the winner is whoever's conditional
 * UPDATE of the round (`winner_id IS NULL AND closed_at IS NULL`) changes the row; the others'
 * change nothing. The transaction first bumps the game row while the round is still open, which
 * also refuses an answer that comes after the deadline.
 */
export async function answerRound(db: Db, userId: number, input: { answer: string; gameId: number; qNum: number }, now: number): Promise<{ isRight: boolean; wonRound: boolean }> {
  const membership = await loadMembership(db, input.gameId, userId);
  if (!membership) fail(T.noGame);
  if (membership.player.result === LEFT || membership.player.active_slot !== 1) fail(T.notPlaying);
  const game = await settle(db, membership.game, now);
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

  const wonRound = await db.transaction().execute(async (trx) => {
    const open = await trx
      .updateTable('decide_first_games')
      .set({ version: bump })
      .where('id', '=', game.id)
      .where('status', '=', 'ANSWERING')
      .where('current_q', '=', input.qNum)
      .where('phase_deadline', '>', now)
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) !== 1) throw new CallFailure(T.roundClosed);
    const stored = await trx
      .insertInto('decide_first_answers')
      .values({ game_id: game.id, q_num: input.qNum, user_id: userId, answer, points, is_right: isRight ? 1 : 0, answered_at: now })
      .onConflict((oc) => oc.columns(['game_id', 'q_num', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(stored.numInsertedOrUpdatedRows ?? 0) !== 1) throw new CallFailure(T.answeredAlready);

    if (isRight) {
      const took = await trx
        .updateTable('decide_first_rounds')
        .set({ winner_id: userId, closed_at: now })
        .where('game_id', '=', game.id)
        .where('q_num', '=', input.qNum)
        .where('winner_id', 'is', null)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(took.numUpdatedRows) === 1) {
        const me = await trx.selectFrom('decide_first_players').select('streak').where('game_id', '=', game.id).where('user_id', '=', userId).executeTakeFirstOrThrow();
        const tenths = roundScoreTenths(round.real_ball, coefficientTenths(me.streak));
        await trx.updateTable('decide_first_rounds').set({ winner_tenths: tenths }).where('game_id', '=', game.id).where('q_num', '=', input.qNum).execute();
        await trx
          .updateTable('decide_first_players')
          .set({ score_tenths: sql<number>`score_tenths + ${tenths}`, streak: sql<number>`streak + 1`, rounds_won: sql<number>`rounds_won + 1` })
          .where('game_id', '=', game.id)
          .where('user_id', '=', userId)
          .execute();
        await trx.updateTable('decide_first_players').set({ streak: 0 }).where('game_id', '=', game.id).where('user_id', '!=', userId).execute();
        await trx
          .updateTable('decide_first_games')
          .set({ status: 'MID_RESULT', phase_deadline: now + DECIDE_FIRST.midResultMs })
          .where('id', '=', game.id)
          .where('status', '=', 'ANSWERING')
          .execute();
        return true;
      }
    }
    // Every player still in has answered and nobody was right: no need to wait for the clock.
    if ((await playersYetToAnswer(trx, game.id, input.qNum)) === 0) await closeRound(trx, game.id, input.qNum, now);
    return false;
  });
  return { isRight, wonRound };
}
