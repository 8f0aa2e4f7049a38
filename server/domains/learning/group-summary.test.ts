import { describe, expect, it } from 'vitest';
import type { StudentLearning } from '../../../src/shared/contract/learning';
import { forecastDistribution, missedElements } from './group-summary';
import type { LearningRow } from './student-learning';

const BASE: StudentLearning = {
  userVkId: 'id1', userSurname: 'Иванова', userName: 'Анна', curatorName: '', goal: null, enoughData: '1', answers: 40, minAnswers: 20,
  testScore: null, testLow: null, testHigh: null, weakest: [], activity: [], overdue: { homeworkP1: 0, homeworkP2: 0, credits: 0 }, atRisk: '0', riskReasons: [],
};

const row = (testScore: number | null, mastery: Record<string, number>): LearningRow => ({ row: { ...BASE, testScore }, mastery: new Map(Object.entries(mastery)) });

describe('the group figures', () => {
  it('ranks elements by the share of students below 50 %, among those who answered on them', () => {
    const rows = [row(40, { '1.1': 20, '2.4': 80 }), row(70, { '1.1': 45, '2.4': 30 }), row(null, {}), row(95, { '2.4': 90 })];
    const names = new Map([['1.1', 'Человек'], ['2.4', 'Рынок']]);
    expect(missedElements(rows, names)).toEqual([
      { code: '1.1', name: 'Человек', below: 2, students: 2 },
      { code: '2.4', name: 'Рынок', below: 1, students: 3 },
    ]);
  });

  it('counts forecasts in bands of ten, 100 in the last, and leaves out «мало данных»', () => {
    expect(forecastDistribution([row(0, {}), row(9, {}), row(10, {}), row(99, {}), row(100, {}), row(null, {})])).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
  });
});
