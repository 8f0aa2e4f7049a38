import { editableQuestion } from '@shared/contract/question-bank-admin';
import { randomPermutation } from '@shared/domain/question-bank-p1';
import { describe, expect, it } from 'vitest';
import { matchChoice, moveInSequence, sequenceOrder, setMatch, toggleRight } from '../../questions/editor-answers';
import { addOption, changeType, isDirty, removeOption } from './editor-logic';

const form = (fields: Record<string, unknown>) => editableQuestion.parse({ questionType: 'VARIANTS', rightAnswers: [], ...fields });

describe('question editor logic', () => {
  it('removing an option renumbers set answers, explanations and the shuffle', () => {
    const before = form({ questionAnsColumn1: ['a', 'b', 'c', 'd'], descriptions: ['da', 'db', 'dc'], rightAnswers: ['24'], mixRuleColumn1: [4, 2, 1, 3] });
    const after = removeOption(before, 1, 1);
    expect(after).toMatchObject({ questionAnsColumn1: ['a', 'c', 'd'], descriptions: ['da', 'dc'], rightAnswers: ['3'], mixRuleColumn1: [3, 1, 2] });
  });

  it('removing a match row or a column-2 option keeps the other rows right', () => {
    const before = form({ questionType: 'MATCH', questionAnsColumn1: ['r1', 'r2', 'r3'], questionAnsColumn2: ['x', 'y', 'z'], rightAnswers: ['132'] });
    expect(removeOption(before, 1, 0).rightAnswers).toEqual(['32']);
    expect(removeOption(before, 2, 1).rightAnswers).toEqual(['120']);
  });

  it('adds options up to nine; a sequence puts the new one last', () => {
    let current = form({ questionType: 'SEQUENSE', questionAnsColumn1: ['a', 'b'], rightAnswers: ['21'] });
    current = addOption(current, 1);
    expect(current).toMatchObject({ questionAnsColumn1: ['a', 'b', ''], rightAnswers: ['213'] });
    for (let i = 0; i < 10; i += 1) current = addOption(current, 1);
    expect(current.questionAnsColumn1).toHaveLength(9);
  });

  it('edits answers by type', () => {
    const set = form({ questionAnsColumn1: ['a', 'b', 'c'], rightAnswers: ['3'] });
    expect(toggleRight(toggleRight(set, 1), 3).rightAnswers).toEqual(['1']);
    const match = form({ questionType: 'MATCH', questionAnsColumn1: ['r1', 'r2', 'r3'], questionAnsColumn2: ['x', 'y'] });
    const chosen = setMatch(match, 1, 2);
    expect(chosen.rightAnswers).toEqual(['020']);
    expect(matchChoice(chosen, 1)).toBe(2);
    expect(matchChoice(chosen, 0)).toBe(0);
    const sequence = form({ questionType: 'SEQUENSE', questionAnsColumn1: ['a', 'b', 'c'] });
    expect(sequenceOrder(sequence)).toEqual({ order: [1, 2, 3], set: false });
    expect(moveInSequence(sequence, 2, -1).rightAnswers).toEqual(['132']);
    expect(moveInSequence(sequence, 0, -1)).toBe(sequence);
  });

  it('a type change keeps answers only within the same kind; dirtiness compares content', () => {
    const set = form({ questionAnsColumn1: ['a', 'b'], rightAnswers: ['1'] });
    expect(changeType(set, 'VARIANTS_HIDDEN').rightAnswers).toEqual(['1']);
    expect(changeType(set, 'WORD').rightAnswers).toEqual([]);
    expect(isDirty(set, { ...set })).toBe(false);
    expect(isDirty(toggleRight(set, 2), set)).toBe(true);
  });

  it('shuffles into a permutation that differs from the list order', () => {
    for (let size = 2; size <= 9; size += 1) {
      const order = randomPermutation(size);
      expect([...order].sort()).toEqual(Array.from({ length: size }, (_, i) => i + 1));
      expect(order.some((value, index) => value !== index + 1)).toBe(true);
    }
    expect(randomPermutation(1)).toEqual([1]);
    // A random source that keeps the list order every time still gets a different order.
    expect(randomPermutation(3, () => 0.9999)).toEqual([2, 3, 1]);
  });
});
