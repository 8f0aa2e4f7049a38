import { describe, expect, it } from 'vitest';
import { isOrganisationalQuestion } from './org-question';

describe('isOrganisationalQuestion', () => {
  it.each([
    'Когда дедлайн по второй части ДЗ?',
    'когда дедлайн домашки 3',
    'До какого числа сдать домашнее задание?',
    'Как оплатить следующий месяц?',
    'Где расписание вебинаров?',
    'Как связаться с куратором?',
    'Когда откроется зачёт 2?',
  ])('organisational: %s', (question) => {
    expect(isOrganisationalQuestion(question)).toBe(true);
  });

  it.each([
    'Что такое ВВП?',
    'Какой срок полномочий Президента РФ?',
    'Когда была принята Конституция РФ?',
    'Чем отличается правоспособность от дееспособности?',
    'Функции денег',
  ])('theory: %s', (question) => {
    expect(isOrganisationalQuestion(question)).toBe(false);
  });
});
