/**
 * The Decide First game's rules (learning-area §2 'Decide First game', §4, §9), shared by the
 * server (which decides every score) and the renderer (which only shows them).
 *
 * Scoring: the first right answer of a round takes it. The winner earns the task's points
 * (realBall, the exam's primary points of the question's task number) times their coefficient,
 * kept in tenths and shown with one decimal. The coefficient rewards a series of rounds won in a
 * row: 1.0 for a first win, +0.2 for each round won straight before it, at most 2.0. A round that
 * someone else wins, or nobody wins, ends the series.
 */

export const DECIDE_FIRST = {
  /** Rounds (questions) of one game; fewer when the bank has fewer fitting questions. */
  questionsPerGame: 5,
  /** How long a round takes answers. */
  answerMs: 60_000,
  /** How long the round's result is shown before the next round. */
  midResultMs: 5_000,
  /** A public game starts this long after its second player came (at once when it is full). */
  publicStartDelayMs: 15_000,
  publicMaxPlayers: 4,
  privateMaxPlayers: 10,
  /** A game needs two players to start and to go on. */
  minPlayers: 2,
  /** The client asks the server's clock this often and counts down locally in between. */
  timerSyncMs: 3_000,
  timerTickMs: 100,
  /** Tournament table length. */
  standingsTop: 20,
} as const;

/** The game's states as the wire names them; GAME_SELECT is the client's state without a game. */
export const GAME_STATUSES = ['WAIT_PLAYERS', 'ANSWERING', 'MID_RESULT', 'GAME_END', 'GAME_CANCEL', 'LOOSED_BEFORE_END'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export type GameViewState = GameStatus | 'GAME_SELECT';

export const GAME_TYPES = ['public', 'private'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** A player's status (userStatus): the spec names 'Победил' and 'Проиграл_вышел'; the rest are ours. */
export const PLAYER_STATUSES = ['Ожидает', 'Играет', 'Победил', 'Ничья', 'Проиграл', 'Проиграл_вышел'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

const BASE_TENTHS = 10;
const STEP_TENTHS = 2;
const MAX_TENTHS = 20;

/** The coefficient (in tenths) of a player who has won `streak` rounds in a row so far. */
export function coefficientTenths(streak: number): number {
  return Math.min(MAX_TENTHS, BASE_TENTHS + STEP_TENTHS * Math.max(0, Math.floor(streak)));
}

/** Points (in tenths) for winning a round worth `realBall` with a coefficient of `coefficient` tenths. */
export function roundScoreTenths(realBall: number, coefficient: number): number {
  return realBall * coefficient;
}

/** Tenths → the one-decimal number the wire carries (24 → 2.4). */
export function fromTenths(tenths: number): number {
  return Math.round(tenths) / 10;
}

/** One decimal for display: 2.4 → '2,4' is left to the UI; this gives '2.4'. */
export function formatOneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/**
 * Final statuses from final scores: the highest score alone wins ('Победил'), a shared highest
 * score is a draw ('Ничья'), everyone else lost; a player who left earlier stays 'Проиграл_вышел'.
 */
export function finalStatuses(players: ReadonlyArray<{ userId: number; scoreTenths: number; left: boolean }>): Map<number, PlayerStatus> {
  const staying = players.filter((player) => !player.left);
  const best = Math.max(...staying.map((player) => player.scoreTenths));
  const leaders = staying.filter((player) => player.scoreTenths === best).length;
  const result = new Map<number, PlayerStatus>();
  for (const player of players) {
    if (player.left) result.set(player.userId, 'Проиграл_вышел');
    else if (player.scoreTenths === best) result.set(player.userId, leaders === 1 ? 'Победил' : 'Ничья');
    else result.set(player.userId, 'Проиграл');
  }
  return result;
}

/** Milliseconds left on a countdown synced at `syncedAt` (local clock) with `timerMs` left then. */
export function timeLeftMs(timerMs: number, syncedAt: number, now: number): number {
  return Math.max(0, timerMs - (now - syncedAt));
}

/** A countdown as the game shows it: 'm:ss.d' (tenths, since the count steps every 100 ms). */
export function formatCountdown(ms: number): string {
  const tenths = Math.max(0, Math.ceil(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}
