import { describe, expect, it } from 'vitest';
import { forecastText, overdueCount, overdueText, riskText } from './learning-text';

describe('learning texts of the CRM card and the group', () => {
  it('says the interval or «мало данных», the overdue works and the risk in words', () => {
    expect(forecastText({ enoughData: '1', testLow: 71, testHigh: 79 })).toBe('Прогноз: 71–79 из 100');
    expect(forecastText({ enoughData: '0', testLow: null, testHigh: null })).toBe('Прогноз: мало данных');
    expect(overdueText({ homeworkP1: 2, homeworkP2: 0, credits: 1 })).toBe('ДЗ ч. 1: 2, зачётов: 1');
    expect(overdueText({ homeworkP1: 0, homeworkP2: 0, credits: 0 })).toBe('');
    expect(overdueCount({ homeworkP1: 2, homeworkP2: 1, credits: 1 })).toBe(4);
    expect(riskText({ riskReasons: ['belowGoal', 'inactive'] })).toBe('прогноз ниже цели больше чем на 10 баллов; нет ответов 7 дней');
  });
});
