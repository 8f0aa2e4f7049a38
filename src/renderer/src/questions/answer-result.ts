import type { HomeworkQuestionP1 } from '@shared/contract/homework-p1';

/** The figures a result card reads from the server's scores; the client never scores. */

/** Whether an answered question earned its full points (a one-mistake answer on a 2-point task does not). */
export function isRightAnswer(row: Pick<HomeworkQuestionP1, 'user_answer' | 'user_ball' | 'real_ball'>): boolean {
  return row.user_answer !== '' && row.user_ball !== null && row.user_ball >= row.real_ball;
}

/** Fully right answers and points earned against the maximum, as the server scored them. */
export function resultTotals(rows: readonly Pick<HomeworkQuestionP1, 'user_answer' | 'user_ball' | 'real_ball'>[]): { right: number; points: number; max: number } {
  return {
    right: rows.filter(isRightAnswer).length,
    points: rows.reduce((sum, row) => sum + (row.user_ball ?? 0), 0),
    max: rows.reduce((sum, row) => sum + row.real_ball, 0),
  };
}
