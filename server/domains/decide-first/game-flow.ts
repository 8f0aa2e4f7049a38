import { sql } from 'kysely';
import { DECIDE_FIRST, finalStatuses } from '../../../src/shared/domain/decide-first';
import { pointsOfTask } from '../../../src/shared/domain/questions';
import type { UserType } from '../../../src/shared/domain/user-types';
import type { Db } from '../../db';
import { canOpenLesson } from '../../access/lesson-access';
import { examPrimaryScores } from '../../questions/question-bank';
import { LEFT, loadGame, sample, type GameRow } from './game-store';

/**
 * The game's state machine. Every transition is one transaction that starts with a conditional
 * UPDATE of the game row (status and round in the WHERE): it both locks the row (PostgreSQL) and
 * makes a transition that another instance already applied a no-op. Lock order everywhere:
 * game → answers → rounds → players, so two transitions never wait on each other.
 */

const bump = sql<number>`version + 1`;

/** Applies every deadline that has passed, in order and at the deadline's own time (so a game left alone catches up exactly). */
export async function settle(db: Db, game: GameRow, now: number): Promise<GameRow> {
  let current = game;
  // A game has at most 2 transitions per round plus start and end; the bound only guards against a bug.
  for (let step = 0; step < 4 * DECIDE_FIRST.questionsPerGame + 8; step += 1) {
    const at = current.phase_deadline;
    if (at === null || at > now) return current;
    if (current.status === 'WAIT_PLAYERS') {
      if (current.players_count >= DECIDE_FIRST.minPlayers) {
        const started = await startGame(db, current, at);
        if (!started) await cancelGame(db, current.id, at);
      } else {
        await db.updateTable('decide_first_games').set({ phase_deadline: null, version: bump }).where('id', '=', current.id).where('status', '=', 'WAIT_PLAYERS').where('phase_deadline', '=', at).execute();
      }
    } else if (current.status === 'ANSWERING') {
      await db.transaction().execute((trx) => closeRound(trx, current.id, current.current_q, at));
    } else if (current.status === 'MID_RESULT') {
      if (current.current_q < current.total_questions) await openNextRound(db, current, at);
      else await db.transaction().execute((trx) => finishGame(trx, current.id, at));
    } else return current;
    const reloaded = await loadGame(db, current.id);
    if (!reloaded) return current;
    current = reloaded;
  }
  return current;
}

/** Questions for a game: published part 1 bank questions (not self-made, not 90+) of lessons every player may open. */
async function drawQuestions(db: Db, gameId: number, now: number) {
  const players = await db
    .selectFrom('decide_first_players')
    .innerJoin('users', 'users.id', 'decide_first_players.user_id')
    .select('users.user_type')
    .where('decide_first_players.game_id', '=', gameId)
    .where('decide_first_players.active_slot', '=', 1)
    .execute();
  const types = [...new Set(players.map((row) => row.user_type as UserType))];
  const rows = await db
    .selectFrom('questions_p1')
    .innerJoin('lessons', 'lessons.number', 'questions_p1.lesson_num')
    .select(['questions_p1.id', 'questions_p1.ege_num', 'lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('questions_p1.is_published', '=', 1)
    .where('questions_p1.is_selfmade', '=', 0)
    .where('questions_p1.is_90plus', '=', 0)
    .orderBy('questions_p1.id')
    .execute();
  const pool = rows.filter((row) => types.every((type) => canOpenLesson(type, row, now)));
  return sample(pool, DECIDE_FIRST.questionsPerGame);
}

/** Starts a waiting game at `at`: draws its rounds and opens the first. False when the bank has no question for these players. */
export async function startGame(db: Db, game: GameRow, at: number): Promise<boolean> {
  const [questions, scores] = await Promise.all([drawQuestions(db, game.id, at), examPrimaryScores(db)]);
  if (questions.length === 0) return false;
  await db.transaction().execute(async (trx) => {
    const started = await trx
      .updateTable('decide_first_games')
      .set({ status: 'ANSWERING', current_q: 1, total_questions: questions.length, phase_deadline: at + DECIDE_FIRST.answerMs, open_public_slot: null, started_at: at, version: bump })
      .where('id', '=', game.id)
      .where('status', '=', 'WAIT_PLAYERS')
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) !== 1) return;
    await trx
      .insertInto('decide_first_rounds')
      .values(
        questions.map((question, index) => ({
          game_id: game.id,
          q_num: index + 1,
          question_id: question.id,
          real_ball: pointsOfTask(scores, question.ege_num),
          started_at: index === 0 ? at : null,
          deadline: index === 0 ? at + DECIDE_FIRST.answerMs : null,
        })),
      )
      .execute();
  });
  return true;
}

/** Cancels a waiting game (its owner cancelled, or nothing to play): everyone is free to join another. */
export async function cancelGame(db: Db, gameId: number, at: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('decide_first_games')
      .set({ status: 'GAME_CANCEL', phase_deadline: null, open_public_slot: null, finished_at: at, version: bump })
      .where('id', '=', gameId)
      .where('status', '=', 'WAIT_PLAYERS')
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) !== 1) return false;
    await trx.updateTable('decide_first_players').set({ active_slot: null }).where('game_id', '=', gameId).execute();
    return true;
  });
}

/** Closes round `qNum` without a winner (time is up, or every player answered wrong) and shows its result. */
export async function closeRound(trx: Db, gameId: number, qNum: number, at: number): Promise<boolean> {
  const moved = await trx
    .updateTable('decide_first_games')
    .set({ status: 'MID_RESULT', phase_deadline: at + DECIDE_FIRST.midResultMs, version: bump })
    .where('id', '=', gameId)
    .where('status', '=', 'ANSWERING')
    .where('current_q', '=', qNum)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx.updateTable('decide_first_rounds').set({ closed_at: at }).where('game_id', '=', gameId).where('q_num', '=', qNum).where('closed_at', 'is', null).execute();
  // Nobody took the round: every series ends.
  await trx.updateTable('decide_first_players').set({ streak: 0 }).where('game_id', '=', gameId).execute();
  return true;
}

async function openNextRound(db: Db, game: GameRow, at: number): Promise<void> {
  const next = game.current_q + 1;
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('decide_first_games')
      .set({ status: 'ANSWERING', current_q: next, phase_deadline: at + DECIDE_FIRST.answerMs, version: bump })
      .where('id', '=', game.id)
      .where('status', '=', 'MID_RESULT')
      .where('current_q', '=', game.current_q)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    await trx.updateTable('decide_first_rounds').set({ started_at: at, deadline: at + DECIDE_FIRST.answerMs }).where('game_id', '=', game.id).where('q_num', '=', next).execute();
  });
}

/** Ends a running game at `at` (last round shown, or fewer than two players left): final statuses from the scores. */
export async function finishGame(trx: Db, gameId: number, at: number): Promise<boolean> {
  const ended = await trx
    .updateTable('decide_first_games')
    .set({ status: 'GAME_END', phase_deadline: null, open_public_slot: null, finished_at: at, version: bump })
    .where('id', '=', gameId)
    .where('status', 'in', ['ANSWERING', 'MID_RESULT'])
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) return false;
  await trx.updateTable('decide_first_rounds').set({ closed_at: at }).where('game_id', '=', gameId).where('started_at', 'is not', null).where('closed_at', 'is', null).execute();
  const players = await trx.selectFrom('decide_first_players').select(['user_id', 'score_tenths', 'result']).where('game_id', '=', gameId).execute();
  const statuses = finalStatuses(players.map((row) => ({ userId: row.user_id, scoreTenths: row.score_tenths, left: row.result === LEFT })));
  for (const player of players) {
    await trx.updateTable('decide_first_players').set({ result: statuses.get(player.user_id) ?? LEFT, active_slot: null }).where('game_id', '=', gameId).where('user_id', '=', player.user_id).execute();
  }
  return true;
}

/** Players still in the game. */
export async function activePlayers(trx: Db, gameId: number): Promise<number> {
  const row = await trx
    .selectFrom('decide_first_players')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('game_id', '=', gameId)
    .where('active_slot', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Players still in the game who have not answered round `qNum`. */
export async function playersYetToAnswer(trx: Db, gameId: number, qNum: number): Promise<number> {
  const row = await trx
    .selectFrom('decide_first_players as p')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('p.game_id', '=', gameId)
    .where('p.active_slot', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('decide_first_answers as a').select('a.user_id').whereRef('a.game_id', '=', 'p.game_id').whereRef('a.user_id', '=', 'p.user_id').where('a.q_num', '=', qNum))),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
