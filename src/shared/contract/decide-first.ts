import { z } from 'zod';
import { GAME_STATUSES, GAME_TYPES, PLAYER_STATUSES } from '../domain/decide-first';
import { access } from './access';
import { http } from './core';
import { intLike, noInput, safeString } from './fields';
import { studentQuestionJson } from './homework-p1';

/**
 * The Decide First game (learning-area §2 'Decide First game', §3 'Game', §4, §7 'Game', §9).
 * Every state lives in the database; the client polls timer_sync every 3 s and reloads
 * get_game_data whenever lastGameUpdate changes or its local countdown reaches zero.
 */

const gameId = intLike.pipe(z.number().int().min(1, 'номер игры от 1').max(2_147_483_647, 'слишком большой номер игры'));
const who = access.icon('decideFirst');

export const gameInfo = z.object({
  gameId: z.number().int(),
  gameType: z.enum(GAME_TYPES),
  /** The game's state as this player sees it (LOOSED_BEFORE_END: they left before the end). */
  status: z.enum(GAME_STATUSES),
  /** Milliseconds left in the current phase (round, result pause, public start); null = no countdown. */
  timer: z.number().int().nullable(),
  /** Changes with every change of the game: the client reloads the data when it does. */
  lastGameUpdate: z.number().int(),
  /** The private game's owner ('' for a public game). */
  ownerUserVkId: z.string(),
  currentUserVkId: z.string(),
  totalQuestions: z.number().int(),
  /** Our extension: the round under way or just shown (0 while waiting). */
  currentQNum: z.number().int(),
});
export type GameInfo = z.infer<typeof gameInfo>;

export const gamePlayer = z.object({
  userVkId: z.string(),
  userName: z.string(),
  /** Points so far, one decimal. */
  userBall: z.number(),
  /** The coefficient the player's next round win is multiplied by (one decimal). */
  userBallCoefficient: z.number(),
  /** The player's answer to the current round: own answer always, others' once the round closed. */
  userAnswer: z.string(),
  userStatus: z.enum(PLAYER_STATUSES),
  /** Our extension: rounds won. */
  roundsWon: z.number().int(),
});
export type GamePlayer = z.infer<typeof gamePlayer>;

export const gameQuestion = z.object({
  qNum: z.number().int(),
  /** Without right answers while the round is open. */
  qJson: studentQuestionJson,
  /** The right answer as displayed, once the round closed ('' before). */
  qAnswer: z.string(),
  /** The task's points (before the coefficient). */
  realBall: z.number().int(),
  /** What this player earned in the round, one decimal. */
  userBall: z.number(),
  qChapter: z.string(),
  qLessonNumber: z.number().int(),
  /** Our extensions: slot count of the answer input, who took the round, this player's answer. */
  ansLength: z.number().int(),
  winnerUserVkId: z.string(),
  /** What the round's winner earned, one decimal (0 while open or without a winner). */
  winnerBall: z.number(),
  myAnswer: z.string(),
});
export type GameQuestion = z.infer<typeof gameQuestion>;

export const getGameData = http('/app/api/game_decide_first/get_game_data.php', {
  input: noInput,
  /** The player's current game (gameInfo null = none: the selection screen); rounds up to the current one. */
  output: z.object({ gameInfo: gameInfo.nullable(), players: z.array(gamePlayer), questions: z.array(gameQuestion) }),
  access: who,
});

export const standingRow = z.object({
  position: z.number().int(),
  userVkId: z.string(),
  userName: z.string(),
  all: z.number().int(),
  win: z.number().int(),
  lost: z.number().int(),
  drew: z.number().int(),
});
export type StandingRow = z.infer<typeof standingRow>;

export const getTournamentTableData = http('/app/api/game_decide_first/get_tournament_table_data.php', {
  input: noInput,
  /** Top 20 over finished games: most wins first, then draws, then fewer losses. */
  output: z.object({ standings: z.array(standingRow) }),
  access: who,
});

export const createOrJoinGame = http('/app/api/game_decide_first/create_or_join_game.php', {
  input: z.object({
    gameType: z.enum(GAME_TYPES, "ожидалось 'public' или 'private'"),
    /** Private only: the id of the game to join; empty creates a new private game. Ignored for public. */
    gameId: z.union([z.literal(''), gameId]).default(''),
  }),
  output: z.object({ gameId: z.number().int() }),
  access: who,
});

export const leaveGame = http('/app/api/game_decide_first/leave_game.php', {
  /** The owner of a waiting private game cancels it; anyone else leaves (a running game counts as lost). */
  input: z.object({ gameId }),
  output: z.object({}),
  access: who,
});

export const timerSync = http('/app/api/game_decide_first/timer_sync.php', {
  input: z.object({ gameId }),
  output: z.object({ timer: z.number().int().nullable(), lastGameUpdate: z.number().int() }),
  access: who,
});

export const startPrivateGame = http('/app/api/game_decide_first/start_private_game.php', {
  input: z.object({ gameId }),
  output: z.object({}),
  access: who,
});

export const sendGameAnswer = http('/app/api/game_decide_first/send_game_answer.php', {
  input: z.object({
    answer: safeString().max(60, 'ответ не длиннее 60 символов'),
    gameId,
    qNum: intLike.pipe(z.number().int().min(1, 'номер вопроса от 1').max(100, 'номер вопроса до 100')),
  }),
  /** Our extension: whether the answer was right and whether it took the round. */
  output: z.object({ isRight: z.boolean(), wonRound: z.boolean() }),
  access: who,
});

/** Server messages of the game (shown as they are). */
export const DECIDE_FIRST_TEXTS = {
  noGame: 'Игра не найдена',
  alreadyPlaying: 'Вы уже участвуете в игре',
  notWaiting: 'Игра уже началась или закончилась',
  full: 'В игре нет свободных мест',
  notOwner: 'Начать игру может только её создатель',
  fewPlayers: 'Для начала нужно хотя бы два игрока',
  noQuestions: 'Нет вопросов для игры',
  roundClosed: 'Раунд уже закончился',
  answeredAlready: 'Вы уже ответили на этот вопрос',
  notPlaying: 'Вы больше не участвуете в этой игре',
  emptyAnswer: 'Введите ответ',
  badAnswer: 'Ответ не подходит к типу вопроса',
} as const;
