import { describe, expect, it } from 'vitest';
import { trainRating } from './rating-rule';

describe('training part 1 rating rule', () => {
  it.each([
    [1, 1, 5, 'Тренировка 1 части: верный ответ'],
    [2, 2, 10, 'Тренировка 1 части: верный ответ'],
    [1, 2, 5, 'Тренировка 1 части: ответ с одной ошибкой'],
    [0, 2, -5, 'Тренировка 1 части: неверный ответ'],
    [0, 1, -5, 'Тренировка 1 части: неверный ответ'],
  ])('%i of %i points → %i tenths', (points, max, tenths, comment) => {
    expect(trainRating(points, max)).toEqual({ tenths, comment });
  });
});
