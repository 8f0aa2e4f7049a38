import { sql } from 'kysely';
import { DECIDE_FIRST_TEXTS as T, type GamePlayer, type GameQuestion, type StandingRow } from '../../../src/shared/contract/decide-first';
import { coefficientTenths, DECIDE_FIRST, fromTenths, GAME_STATUSES, GAME_TYPES, PLAYER_STATUSES, type GameStatus } from '../../../src/shared/domain/decide-first';
import { oneOf } from '../../../src/shared/guards';
import { answerInputOf, answerToDisplayed } from '../../../src/shared/domain/questions';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { questionJsonOf } from '../../questions/question-bank';
import { studentJson } from '../../questions/present-question';
import { publicUserKey } from '../../users/user-key';
import { settle } from './game-flow';
import { currentGameId, LEFT, loadMembership, type GameRow } from './game-store';

/** What a player sees of their game, the timer they sync, and the tournament table. */

const NO_GAME = { gameInfo: null, players: [], questions: [] };

const fullName = (user: { name: string; surname: string }) => `${user.name} ${user.surname}`.trim();

function timerOf(game: GameRow, now: number): number | null {
  return game.phase_deadline === null ? null : Math.max(0, game.phase_deadline - now);
}

/** get_game_data: the user's current game with its players and every round so far. */
export async function gameData(db: Db, userId: number, now: number) {
  const gameId = await currentGameId(db, userId);
  if (gameId === undefined) return NO_GAME;
  const membership = await loadMembership(db, gameId, userId);
  if (!membership) return NO_GAME;
  const game = await settle(db, membership.game, now);
  // Read the player again: settling may have ended the game and given them a result.
  const fresh = (await loadMembership(db, gameId, userId)) ?? membership;
  const me = fresh.player;

  const [players, rounds, answers, owner] = await Promise.all([
    db
      .selectFrom('decide_first_players as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'p.score_tenths', 'p.streak', 'p.rounds_won', 'p.result', 'u.id', 'u.vk_id', 'u.name', 'u.surname'])
      .where('p.game_id', '=', game.id)
      .orderBy('p.joined_at')
      .orderBy('p.user_id')
      .execute(),
    db
      .selectFrom('decide_first_rounds as r')
      .innerJoin('questions_p1 as q', 'q.id', 'r.question_id')
      .selectAll('q')
      .select(['r.q_num', 'r.real_ball', 'r.closed_at', 'r.winner_id', 'r.winner_tenths'])
      .where('r.game_id', '=', game.id)
      .where('r.q_num', '<=', game.current_q)
      .orderBy('r.q_num')
      .execute(),
    db.selectFrom('decide_first_answers').select(['q_num', 'user_id', 'answer']).where('game_id', '=', game.id).execute(),
    game.owner_id === null ? undefined : db.selectFrom('users').select(['id', 'vk_id']).where('id', '=', game.owner_id).executeTakeFirst(),
  ]);
  const keyOf = new Map(players.map((player) => [player.user_id, publicUserKey(player)]));
  const answerOf = (qNum: number, user: number) => answers.find((row) => row.q_num === qNum && row.user_id === user)?.answer ?? '';
  const current = rounds.find((round) => round.q_num === game.current_q);
  const currentClosed = current?.closed_at !== null && current?.closed_at !== undefined;

  const status: GameStatus = me.result === LEFT ? 'LOOSED_BEFORE_END' : oneOf(GAME_STATUSES, game.status, 'состояние игры');
  const waiting = game.status === 'WAIT_PLAYERS';
  const playerList: GamePlayer[] = players.map((player) => ({
    userVkId: keyOf.get(player.user_id)!,
    userName: fullName(player),
    userBall: fromTenths(player.score_tenths),
    userBallCoefficient: fromTenths(coefficientTenths(player.streak)),
    userAnswer: current && (player.user_id === userId || currentClosed) ? answerOf(current.q_num, player.user_id) : '',
    userStatus: oneOf(PLAYER_STATUSES, player.result ?? (waiting ? 'Ожидает' : 'Играет'), 'состояние игрока'),
    roundsWon: player.rounds_won,
  }));
  const questions: GameQuestion[] = rounds.map((round) => {
    const question = questionJsonOf(round);
    const closed = round.closed_at !== null;
    const input = answerInputOf(question);
    return {
      qNum: round.q_num,
      qJson: studentJson(question, closed),
      qAnswer: closed ? answerToDisplayed(question, question.rightAnswers[0]!) : '',
      realBall: round.real_ball,
      userBall: round.winner_id === userId ? fromTenths(round.winner_tenths ?? 0) : 0,
      qChapter: round.chapter,
      qLessonNumber: round.lesson_num,
      ansLength: input.kind === 'slots' ? input.slots : 0,
      winnerUserVkId: round.winner_id === null ? '' : (keyOf.get(round.winner_id) ?? ''),
      winnerBall: fromTenths(round.winner_tenths ?? 0),
      myAnswer: answerOf(round.q_num, userId),
    };
  });
  return {
    gameInfo: {
      gameId: game.id,
      gameType: oneOf(GAME_TYPES, game.game_type, 'вид игры'),
      status,
      timer: timerOf(game, now),
      lastGameUpdate: game.version,
      ownerUserVkId: owner ? publicUserKey(owner) : '',
      currentUserVkId: keyOf.get(userId) ?? '',
      totalQuestions: game.total_questions,
      currentQNum: game.current_q,
    },
    players: playerList,
    questions,
  };
}

/** timer_sync: the phase's time left by the server's clock, and the game's version; one read unless a deadline passed. */
export async function syncTimer(db: Db, userId: number, gameId: number, now: number) {
  const membership = await loadMembership(db, gameId, userId);
  if (!membership) fail(T.noGame);
  const game = await settle(db, membership.game, now);
  return { timer: timerOf(game, now), lastGameUpdate: game.version };
}

/** The tournament table: finished games per player, most wins first (then draws, then fewer losses), top 20. */
export async function standings(db: Db): Promise<StandingRow[]> {
  const rows = await db
    .selectFrom('decide_first_players as p')
    .innerJoin('decide_first_games as g', 'g.id', 'p.game_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'u.id',
      'u.vk_id',
      'u.name',
      'u.surname',
      sql<number>`count(*)`.as('all_games'),
      sql<number>`sum(case when p.result = 'Победил' then 1 else 0 end)`.as('win'),
      sql<number>`sum(case when p.result = 'Ничья' then 1 else 0 end)`.as('drew'),
      sql<number>`sum(case when p.result in ('Проиграл', 'Проиграл_вышел') then 1 else 0 end)`.as('lost'),
    ])
    .where('g.status', '=', 'GAME_END')
    .where('p.result', 'is not', null)
    .groupBy(['u.id', 'u.vk_id', 'u.name', 'u.surname'])
    .orderBy('win', 'desc')
    .orderBy('drew', 'desc')
    .orderBy('lost', 'asc')
    .orderBy('u.id', 'asc')
    .limit(DECIDE_FIRST.standingsTop)
    .execute();
  return rows.map((row, index) => ({
    position: index + 1,
    userVkId: publicUserKey(row),
    userName: fullName(row),
    all: Number(row.all_games),
    win: Number(row.win),
    lost: Number(row.lost),
    drew: Number(row.drew),
  }));
}
