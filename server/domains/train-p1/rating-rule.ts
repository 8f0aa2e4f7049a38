/**
 * The rating a training answer earns, in tenths (one rule for the whole training):
 * +0.5 for every point earned, so a right answer gives +0.5 on a 1-point task and +1.0 on a
 * 2-point task, one mistake on a 2-point task (1 point of 2) gives +0.5; an answer earning nothing
 * gives −0.5. The comments match the rating history texts of the ledger.
 */
export function trainRating(points: number, maxPoints: number): { tenths: number; comment: string } {
  if (points <= 0) return { tenths: -5, comment: 'Тренировка 1 части: неверный ответ' };
  if (points >= maxPoints) return { tenths: 5 * points, comment: 'Тренировка 1 части: верный ответ' };
  return { tenths: 5 * points, comment: 'Тренировка 1 части: ответ с одной ошибкой' };
}
