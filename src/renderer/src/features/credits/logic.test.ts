import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { answeredCount, canRetake, currentQuestion, deadlineText, lessonNumbers, loadErrorText, nextUnanswered, statusText } from './logic';

const rows = (answered: string) => [...answered].map((flag, index) => ({ q_num: index + 1, answered: flag as '0' | '1' }));

describe('automatic credit helpers', () => {
  it('reads the lessons of a credit', () => {
    expect(lessonNumbers('3,4')).toEqual([3, 4]);
    expect(lessonNumbers(' 7, 8 ,x,9,0')).toEqual([7, 8, 9]);
  });

  it('formats the deadline like the lesson card', () => {
    expect(deadlineText('14.12.2026 23:59')).toBe('до 14.12.2026 (23:59 мск)');
    expect(deadlineText('')).toBe('дедлайн отсутствует');
  });

  it('shows Несдан as Не сдан and the empty status as Не начато', () => {
    expect(statusText('Несдан')).toBe('Не сдан');
    expect(statusText('Сдан')).toBe('Сдан');
    expect(statusText('Проводится')).toBe('Проводится');
    expect(statusText('')).toBe('Не начато');
    expect(statusText('Новый')).toBe('Не начато');
  });

  it('allows a retake only after a failure and while attempts are under the limit', () => {
    expect(canRetake('Несдан', 1, 3)).toBe(true);
    expect(canRetake('Несдан', 2, 3)).toBe(true);
    expect(canRetake('Несдан', 3, 3)).toBe(false);
    expect(canRetake('Сдан', 1, 3)).toBe(false);
    expect(canRetake('Проводится', 1, 3)).toBe(false);
  });

  it('moves to the next unanswered question, wrapping round', () => {
    expect(answeredCount(rows('1010'))).toBe(2);
    expect(nextUnanswered(rows('0000'), 1)).toBe(2);
    expect(nextUnanswered(rows('0101'), 3)).toBe(1);
    expect(nextUnanswered(rows('1101'), 3)).toBe(3);
    expect(nextUnanswered(rows('1111'), 2)).toBeNull();
  });

  it('opens the chosen question, else the first unanswered, else the first', () => {
    expect(currentQuestion(rows('0000'), 3)).toBe(3);
    expect(currentQuestion(rows('1100'), null)).toBe(3);
    expect(currentQuestion(rows('1100'), 9)).toBe(3);
    expect(currentQuestion(rows('11'), null)).toBe(1);
    expect(currentQuestion([], null)).toBeNull();
  });

  it('prefixes server refusals and falls back to the default text', () => {
    expect(loadErrorText(new ApiError('failure', 'Зачёт не найден', '0'))).toBe('Ошибка получения инфо по зачёту: Зачёт не найден');
    expect(loadErrorText(new ApiError('transport', 'Failed to fetch'))).toBe('Произошла ошибка при загрузке данных');
    expect(loadErrorText(new Error('x'))).toBe('Произошла ошибка при загрузке данных');
  });
});
