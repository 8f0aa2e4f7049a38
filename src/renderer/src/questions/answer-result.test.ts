import { describe, expect, it } from 'vitest';
import { isRightAnswer, resultTotals } from './answer-result';

describe('result figures', () => {
  const row = (user_answer: string, user_ball: number | null, real_ball: number) => ({ user_answer, user_ball, real_ball });

  it('counts as right only an answer that earned its full points', () => {
    expect(isRightAnswer(row('республика', 2, 2))).toBe(true);
    expect(isRightAnswer(row('13', 1, 2))).toBe(false); // one mistake: 1 of 2 is not a right answer
    expect(isRightAnswer(row('диктатура', 0, 2))).toBe(false);
    expect(isRightAnswer(row('', null, 1))).toBe(false);
  });

  it('agrees with the points: one slip on a 2-point task is a point earned, not a right answer', () => {
    // The card: two one-mistake answers showed «Верных ответов 0 из 2» beside +1.0 with no points.
    expect(resultTotals([row('13', 1, 2), row('2123', 1, 2)])).toEqual({ right: 0, points: 2, max: 4 });
    expect(resultTotals([row('республика', 2, 2), row('диктатура', 0, 2), row('42', 1, 1)])).toEqual({ right: 2, points: 3, max: 5 });
    expect(resultTotals([])).toEqual({ right: 0, points: 0, max: 0 });
  });
});
