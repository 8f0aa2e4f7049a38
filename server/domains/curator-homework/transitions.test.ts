import { describe, expect, it } from 'vitest';
import { REVIEWER_ACTIONS } from '../../../src/shared/contract/curator-homework';
import { P2_STATUSES } from '../../../src/shared/contract/homework-p2';
import { mayEditTasks, reviewerTransition } from '../../../src/shared/domain/reviewer-transitions';

// Back-office §4: save only when Готово; finish when Готово or Отклонен; reject when Готово; return when Готово or Отклонен.
const EXPECTED: Record<(typeof REVIEWER_ACTIONS)[number], Record<string, string | null>> = {
  saveChecking: { Выполняется: null, Готово: 'Готово', Проверен: null, Отклонен: null, Самопров: null, Апелляция: null, '': null },
  endChecking: { Выполняется: null, Готово: 'Проверен', Проверен: null, Отклонен: 'Проверен', Самопров: null, Апелляция: null, '': null },
  reject: { Выполняется: null, Готово: 'Отклонен', Проверен: null, Отклонен: null, Самопров: null, Апелляция: null, '': null },
  return: { Выполняется: null, Готово: 'Выполняется', Проверен: null, Отклонен: 'Выполняется', Самопров: null, Апелляция: null, '': null },
};

describe('reviewer transitions', () => {
  for (const action of REVIEWER_ACTIONS) {
    for (const status of [...P2_STATUSES, '']) {
      it(`${action} from '${status}'`, () => {
        expect(reviewerTransition(action, status)).toBe(EXPECTED[action][status]);
      });
    }
  }
  it('task checks only on a submitted work', () => {
    expect([...P2_STATUSES].filter(mayEditTasks)).toEqual(['Готово']);
  });
});
