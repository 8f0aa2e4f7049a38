import { describe, expect, it } from 'vitest';
import { DEFAULT_EXAM_PRIMARY_SCORES } from '../../questions/question-bank';
import { DEFAULT_SECONDARY_BY_PRIMARY } from '../../../src/shared/domain/exam-scale';
import { forecast, MIN_ANSWERS, type ExamTask } from './forecast-model';

const CODES = ['1.1', '1.2', '2.4', '3.1', '4.1', '5.4'];
const TASKS: ExamTask[] = DEFAULT_EXAM_PRIMARY_SCORES.map((maxPoints, index) => ({ taskNum: index + 1, maxPoints, elements: [CODES[index % CODES.length]!] }));

describe('the forecast model', () => {
  it('is reproducible, keeps the mean inside its interval and the scale inside 0–100', () => {
    const evidence = CODES.map((code) => ({ code, right: 6, wrong: 4, answers: 10 }));
    const a = forecast(evidence, TASKS, DEFAULT_SECONDARY_BY_PRIMARY, 7);
    expect(forecast(evidence, TASKS, DEFAULT_SECONDARY_BY_PRIMARY, 7)).toEqual(a);
    expect(a.enough).toBe(true);
    expect(a.primaryLow).toBeLessThanOrEqual(Math.round(a.primary));
    expect(a.primaryHigh).toBeGreaterThanOrEqual(Math.round(a.primary));
    expect(a.testLow).toBeGreaterThanOrEqual(0);
    expect(a.testHigh).toBeLessThanOrEqual(100);
    expect(a.tasks.reduce((sum, task) => sum + task.expected, 0)).toBeCloseTo(a.primary, 0);
  });

  it('narrows with ten times the evidence at the same rate and says «мало данных» below the threshold', () => {
    const few = forecast(CODES.map((code) => ({ code, right: 3, wrong: 2, answers: 5 })), TASKS, DEFAULT_SECONDARY_BY_PRIMARY, 1);
    const many = forecast(CODES.map((code) => ({ code, right: 30, wrong: 20, answers: 50 })), TASKS, DEFAULT_SECONDARY_BY_PRIMARY, 1);
    expect(many.primaryHigh - many.primaryLow).toBeLessThan(few.primaryHigh - few.primaryLow);
    expect(forecast([{ code: '1.1', right: 5, wrong: 0, answers: MIN_ANSWERS - 1 }], TASKS, DEFAULT_SECONDARY_BY_PRIMARY, 1).enough).toBe(false);
  });

  it('ranks first the weak element that carries the most exam points', () => {
    const evidence = CODES.map((code) => ({ code, right: code === '5.4' ? 0 : 9, wrong: code === '5.4' ? 9 : 0, answers: 9 }));
    expect(forecast(evidence, TASKS, DEFAULT_SECONDARY_BY_PRIMARY, 3).gains[0]!.code).toBe('5.4');
  });
});
