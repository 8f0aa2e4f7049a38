import { describe, expect, it } from 'vitest';
import { changedFields, type FormValues } from './profile-form';

describe('profile edit sends only what changed', () => {
  it('compares trimmed strings and trims what it sends', () => {
    const original = { userName: 'Егор', userGoalBall: '80', userGoalVuz: '' } as FormValues;
    expect(changedFields(original, { ...original, userName: ' Егор ' })).toEqual({});
    expect(changedFields(original, { ...original, userGoalBall: '85 ', userGoalVuz: ' МГУ' })).toEqual({ userGoalBall: '85', userGoalVuz: 'МГУ' });
  });
});
