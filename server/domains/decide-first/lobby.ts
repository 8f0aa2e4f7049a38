import { sql } from 'kysely';
import { DECIDE_FIRST_TEXTS as T } from '../../../src/shared/contract/decide-first';
import { DECIDE_FIRST, type GameType } from '../../../src/shared/domain/decide-first';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { isUniqueViolation } from '../../db/unique-violation';
import { activePlayers, cancelGame, closeRound, finishGame, playersYetToAnswer, settle, startGame } from './game-flow';
import { currentGameId, isOver, isRunning, LEFT, loadMembership } from './game-store';

/** Creating, joining, starting and leaving games. */

const bump = sql<number>`version + 1`;

/** Closes the user's finished game (end or cancel seen) so a new one may begin; fails while one still runs. */
async function freeUser(db: Db, userId: number, now: number, rejoin?: number): Promise<number | undefined> {
  const gameId = await currentGameId(db, userId);
  if (gameId === undefined) return undefined;
  const membership = await loadMembership(db, gameId, userId);
  if (!membership) return undefined;
  const game = await settle(db, membership.game, now);
  if (isOver(game) || membership.player.result === LEFT) {
    await dismiss(db, gameId, userId);
    return undefined;
  }
  // Asking to join the game one is already in (a second tab, a retry) is no error.
  if (rejoin === gameId) return gameId;
  fail(T.alreadyPlaying);
}

async function dismiss(db: Db, gameId: number, userId: number): Promise<void> {
  await db.updateTable('decide_first_players').set({ dismissed: 1, active_slot: null }).where('game_id', '=', gameId).where('user_id', '=', userId).execute();
}

const playerValues = (gameId: number, userId: number, now: number) => ({ game_id: gameId, user_id: userId, active_slot: 1, joined_at: now });

/** Runs a join; the unique index on active players turns a parallel second join into a clear message. */
async function guarded<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) fail(T.alreadyPlaying);
    throw error;
  }
}

async function createPrivate(db: Db, userId: number, now: number): Promise<number> {
  return guarded(() =>
    db.transaction().execute(async (trx) => {
      const game = await trx
        .insertInto('decide_first_games')
        .values({ game_type: 'private', status: 'WAIT_PLAYERS', owner_id: userId, players_count: 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('decide_first_players').values(playerValues(game.id, userId, now)).execute();
      return game.id;
    }),
  );
}

async function joinPrivate(db: Db, userId: number, gameId: number, now: number): Promise<number> {
  return guarded(() =>
    db.transaction().execute(async (trx) => {
      const joined = await trx
        .updateTable('decide_first_games')
        .set({ players_count: sql<number>`players_count + 1`, version: bump })
        .where('id', '=', gameId)
        .where('game_type', '=', 'private')
        .where('status', '=', 'WAIT_PLAYERS')
        .where('players_count', '<', DECIDE_FIRST.privateMaxPlayers)
        .executeTakeFirst();
      if (Number(joined.numUpdatedRows) !== 1) {
        const game = await trx.selectFrom('decide_first_games').select(['game_type', 'status']).where('id', '=', gameId).executeTakeFirst();
        if (!game || game.game_type !== 'private') fail(T.noGame);
        fail(game.status === 'WAIT_PLAYERS' ? T.full : T.notWaiting);
      }
      await trx.insertInto('decide_first_players').values(playerValues(gameId, userId, now)).execute();
      return gameId;
    }),
  );
}

/**
 * Joins the one open public game, or opens one. The second player sets the start countdown; the
 * game that fills up starts at once. The unique open slot keeps two instances from opening two.
 */
async function joinPublic(db: Db, userId: number, now: number): Promise<number> {
  const max = DECIDE_FIRST.publicMaxPlayers;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const joined = await trx
          .updateTable('decide_first_games')
          .set({
            players_count: sql<number>`players_count + 1`,
            open_public_slot: sql<number | null>`CASE WHEN players_count + 1 >= ${max} THEN NULL ELSE open_public_slot END`,
            phase_deadline: sql<number | null>`CASE WHEN players_count + 1 >= ${max} THEN ${now} WHEN players_count + 1 >= ${DECIDE_FIRST.minPlayers} AND phase_deadline IS NULL THEN ${now + DECIDE_FIRST.publicStartDelayMs} ELSE phase_deadline END`,
            version: bump,
          })
          .where('open_public_slot', '=', 1)
          .where('status', '=', 'WAIT_PLAYERS')
          .returning('id')
          .executeTakeFirst();
        const gameId =
          joined?.id ??
          (
            await trx
              .insertInto('decide_first_games')
              .values({ game_type: 'public', status: 'WAIT_PLAYERS', owner_id: null, open_public_slot: 1, players_count: 1, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        await trx.insertInto('decide_first_players').values(playerValues(gameId, userId, now)).execute();
        return gameId;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either this user joined elsewhere meanwhile, or another instance opened the public game first: join that one.
      if ((await currentGameId(db, userId)) !== undefined) fail(T.alreadyPlaying);
    }
  }
  fail(T.full);
}

/** create_or_join_game: a public game, a new private game (empty id) or the private game with that id. */
export async function createOrJoin(db: Db, userId: number, input: { gameType: GameType; gameId: number | '' }, now: number): Promise<number> {
  const rejoin = input.gameType === 'private' && input.gameId !== '' ? input.gameId : undefined;
  const already = await freeUser(db, userId, now, rejoin);
  if (already !== undefined) return already;
  if (input.gameType === 'public') return joinPublic(db, userId, now);
  return input.gameId === '' ? createPrivate(db, userId, now) : joinPrivate(db, userId, input.gameId, now);
}

/** start_private_game: the owner starts a waiting private game of two or more players. */
export async function startPrivate(db: Db, userId: number, gameId: number, now: number): Promise<void> {
  const membership = await loadMembership(db, gameId, userId);
  if (!membership || membership.game.game_type !== 'private') fail(T.noGame);
  const game = await settle(db, membership.game, now);
  if (game.owner_id !== userId) fail(T.notOwner);
  if (game.status !== 'WAIT_PLAYERS') fail(T.notWaiting);
  if (game.players_count < DECIDE_FIRST.minPlayers) fail(T.fewPlayers);
  if (!(await startGame(db, game, now))) fail(T.noQuestions);
}

/**
 * leave_game: the owner of a waiting private game cancels it ('Отменить игру'); another waiting
 * player leaves it ('Отказаться от игры'); a player of a running game leaves it as lost
 * (LOOSED_BEFORE_END); on a game that is over it closes the result screen.
 */
export async function leave(db: Db, userId: number, gameId: number, now: number): Promise<void> {
  const membership = await loadMembership(db, gameId, userId);
  if (!membership) fail(T.noGame);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const fresh = attempt === 0 ? membership : await loadMembership(db, gameId, userId);
    if (!fresh) return; // left while we looked (a waiting player's row is deleted)
    const game = await settle(db, fresh.game, now);
    if (isOver(game) || fresh.player.result === LEFT) return dismiss(db, gameId, userId);
    if (game.status === 'WAIT_PLAYERS') {
      if (game.game_type === 'private' && game.owner_id === userId) {
        if (await cancelGame(db, gameId, now)) return;
        continue;
      }
      if (await leaveWaiting(db, gameId, userId)) return;
      continue;
    }
    if (isRunning(game) && (await leaveRunning(db, game.id, userId, now))) return;
  }
  fail(T.notWaiting);
}

/** A waiting player steps out: the seat frees, a public countdown stops below two players, an empty public game closes. */
async function leaveWaiting(db: Db, gameId: number, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const left = await trx
      .updateTable('decide_first_games')
      .set({
        players_count: sql<number>`players_count - 1`,
        phase_deadline: sql<number | null>`CASE WHEN players_count - 1 < ${DECIDE_FIRST.minPlayers} THEN NULL ELSE phase_deadline END`,
        status: sql<string>`CASE WHEN players_count - 1 <= 0 THEN 'GAME_CANCEL' ELSE status END`,
        open_public_slot: sql<number | null>`CASE WHEN players_count - 1 <= 0 THEN NULL ELSE open_public_slot END`,
        version: bump,
      })
      .where('id', '=', gameId)
      .where('status', '=', 'WAIT_PLAYERS')
      .executeTakeFirst();
    if (Number(left.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('decide_first_players').where('game_id', '=', gameId).where('user_id', '=', userId).execute();
    return true;
  });
}

/** A player quits a running game: lost; with fewer than two left the game ends, and a round all others answered closes. */
async function leaveRunning(db: Db, gameId: number, userId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx.updateTable('decide_first_games').set({ version: bump }).where('id', '=', gameId).where('status', 'in', ['ANSWERING', 'MID_RESULT']).executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('decide_first_players')
      .set({ result: LEFT, left_at: now, active_slot: null, streak: 0 })
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .where('result', 'is', null)
      .execute();
    const game = await trx.selectFrom('decide_first_games').select(['status', 'current_q']).where('id', '=', gameId).executeTakeFirstOrThrow();
    if ((await activePlayers(trx, gameId)) < DECIDE_FIRST.minPlayers) await finishGame(trx, gameId, now);
    else if (game.status === 'ANSWERING' && (await playersYetToAnswer(trx, gameId, game.current_q)) === 0) await closeRound(trx, gameId, game.current_q, now);
    return true;
  });
}
