import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import type { DecideFirstGamesTable, DecideFirstPlayersTable } from '../../db/schema';
import { isOneOf } from '../../../src/shared/guards';

/** Reads of the Decide First tables that every part of the game uses. */

export type GameRow = Selectable<DecideFirstGamesTable>;
export type PlayerRow = Selectable<DecideFirstPlayersTable>;

export const RUNNING_STATUSES = ['ANSWERING', 'MID_RESULT'] as const;
export const OVER_STATUSES = ['GAME_END', 'GAME_CANCEL'] as const;
export const LEFT = 'Проиграл_вышел';

export function isRunning(game: GameRow): boolean {
  return isOneOf(RUNNING_STATUSES, game.status);
}

export function isOver(game: GameRow): boolean {
  return isOneOf(OVER_STATUSES, game.status);
}

export async function loadGame(db: Db, gameId: number): Promise<GameRow | undefined> {
  return db.selectFrom('decide_first_games').selectAll().where('id', '=', gameId).executeTakeFirst();
}

const membershipQuery = preparedQuery([-424242, -434343] as const, (db, gameId: number, userId: number) =>
  db
    .selectFrom('decide_first_games as g')
    .innerJoin('decide_first_players as p', 'p.game_id', 'g.id')
    .selectAll('g')
    .select(['p.user_id', 'p.active_slot', 'p.score_tenths', 'p.streak', 'p.rounds_won', 'p.result', 'p.dismissed', 'p.joined_at', 'p.left_at'])
    .where('g.id', '=', gameId)
    .where('p.user_id', '=', userId),
);

/**
 * The game and this user's place in it, in one read (a prepared statement: timer_sync and answers
 * start here); undefined when the user is not (or no longer) in it. It reads the last committed
 * state: every decision is made again by the conditional updates of the transitions.
 */
export async function loadMembership(db: Db, gameId: number, userId: number): Promise<{ game: GameRow; player: PlayerRow } | undefined> {
  const [row] = await membershipQuery(db, gameId, userId);
  if (!row) return undefined;
  const { user_id, active_slot, score_tenths, streak, rounds_won, result, dismissed, joined_at, left_at, ...game } = row;
  return { game, player: { game_id: game.id, user_id, active_slot, score_tenths, streak, rounds_won, result, dismissed, joined_at, left_at } };
}

/** The game the user's screen shows: the newest one they have not closed yet. */
export async function currentGameId(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('decide_first_players')
    .select('game_id')
    .where('user_id', '=', userId)
    .where('dismissed', '=', 0)
    .orderBy('game_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.game_id;
}

/** `count` distinct items drawn uniformly (all of them, shuffled, when there are fewer). */
export function sample<T>(items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, count);
}
