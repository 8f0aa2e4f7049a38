import type { GameInfo, GamePlayer, GameQuestion } from '@shared/contract/decide-first';
import { formatOneDecimal, type GameViewState } from '@shared/domain/decide-first';

/** Pure helpers of the Decide First screen. */

/** The screen's state: GAME_SELECT without a game, else the state the server gives this player. */
export function viewStateOf(info: GameInfo | null | undefined): GameViewState {
  return info ? info.status : 'GAME_SELECT';
}

/** The two states that send the player back to the selection on their own (learning §2). */
export function leavesAutomatically(state: GameViewState): boolean {
  return state === 'GAME_CANCEL' || state === 'LOOSED_BEFORE_END';
}

/** Points with one decimal, as the game shows every score: 2.4 → '2,4'. */
export function formatPoints(value: number): string {
  return formatOneDecimal(value).replace('.', ',');
}

/** The coefficient as shown: ×1,2. */
export function formatCoefficient(value: number): string {
  return `×${formatPoints(value)}`;
}

export interface RankedPlayer extends GamePlayer {
  place: number;
}

/** Players by score, highest first; equal scores share a place; those who left go last. */
export function rankPlayers(players: readonly GamePlayer[]): RankedPlayer[] {
  const left = (player: GamePlayer) => player.userStatus === 'Проиграл_вышел';
  const sorted = [...players].sort((a, b) => Number(left(a)) - Number(left(b)) || b.userBall - a.userBall);
  let place = 0;
  let previous: GamePlayer | undefined;
  return sorted.map((player, index) => {
    if (!previous || previous.userBall !== player.userBall || left(previous) !== left(player)) place = index + 1;
    previous = player;
    return { ...player, place };
  });
}

/** The round being played or shown. */
export function currentQuestion(info: GameInfo, questions: readonly GameQuestion[]): GameQuestion | undefined {
  return questions.find((question) => question.qNum === info.currentQNum);
}

/** A name by the wire's player key ('' when unknown). */
export function nameOf(players: readonly GamePlayer[], key: string): string {
  return players.find((player) => player.userVkId === key)?.userName ?? '';
}

/** Only digits go into the game id field. */
export function cleanGameId(typed: string): string {
  return typed.replace(/\D+/g, '').slice(0, 10);
}
