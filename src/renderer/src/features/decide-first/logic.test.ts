import type { GamePlayer } from '@shared/contract/decide-first';
import { describe, expect, it } from 'vitest';
import { cleanGameId, formatCoefficient, formatPoints, leavesAutomatically, rankPlayers, viewStateOf } from './logic';

const player = (userVkId: string, userBall: number, userStatus: GamePlayer['userStatus'] = 'Играет'): GamePlayer => ({
  userVkId,
  userName: userVkId,
  userBall,
  userBallCoefficient: 1,
  userAnswer: '',
  userStatus,
  roundsWon: 0,
});

describe('Decide First screen logic', () => {
  it('shows the selection without a game and leaves on its own after a cancel or an early exit', () => {
    expect(viewStateOf(null)).toBe('GAME_SELECT');
    expect(leavesAutomatically('GAME_CANCEL')).toBe(true);
    expect(leavesAutomatically('LOOSED_BEFORE_END')).toBe(true);
    expect(leavesAutomatically('GAME_END')).toBe(false);
  });

  it('formats points and coefficients with one decimal and a comma', () => {
    expect(formatPoints(6.4)).toBe('6,4');
    expect(formatPoints(2)).toBe('2,0');
    expect(formatCoefficient(1.2)).toBe('×1,2');
  });

  it('ranks by score, ties share a place, leavers last', () => {
    const ranked = rankPlayers([player('a', 2), player('b', 5), player('c', 9, 'Проиграл_вышел'), player('d', 2)]);
    expect(ranked.map((row) => [row.userVkId, row.place])).toEqual([
      ['b', 1],
      ['a', 2],
      ['d', 2],
      ['c', 4],
    ]);
  });

  it('keeps only digits in the game id field', () => {
    expect(cleanGameId(' 12a-3 ')).toBe('123');
  });
});
