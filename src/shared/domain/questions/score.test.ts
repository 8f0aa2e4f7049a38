import { describe, expect, it } from 'vitest';
import { answerKindOf, QUESTION_TYPES, questionJsonSchema, type QuestionJson, type QuestionType } from './question-json';
import { ANSWER_KIND_SPECS } from './registry';
import { pointsOfTask, scoreAnswer } from './score';

const question = (type: QuestionType, right: string | string[], extra: Partial<QuestionJson> = {}): QuestionJson =>
  questionJsonSchema.parse({
    questionType: type,
    questionAnsColumn1: ['а', 'б', 'в', 'г', 'д', 'е'],
    questionAnsColumn2: ['1', '2', '3', '4', '5'],
    rightAnswers: Array.isArray(right) ? right : [right],
    ...extra,
  });

const matchRows = { questionAnsColumn1: ['а', 'б', 'в', 'г'], questionAnsColumn2: ['1', '2', '3'] };

/**
 * The exam's scoring table (ФИПИ, ЕГЭ обществознание 2025–2026), one block per answer kind:
 * - word (term): all or nothing, whatever the task is worth;
 * - set of digits (choose several, any order): on a 2-point task 2 with no mistakes, 1 with one
 *   extra digit beside all the right ones or one right digit missing, 0 otherwise;
 * - match and sequence: on a 2-point task 2 with no mistakes, 1 with one wrong position, 0 otherwise;
 * - any 1-point task: the exact answer or nothing.
 */
const table: [title: string, q: QuestionJson, typed: string, max: number, points: number][] = [
  // Word: right or wrong, never half.
  ['word right, case, spaces and ё ignored', question('WORD', 'государство'), '  ГосудАрство ', 1, 1],
  ['word ё = е', question('WORD', 'объём'), 'объем', 1, 1],
  ['word alternative spelling', question('WORD', ['монополия', 'монополизм']), 'Монополизм', 1, 1],
  ['word wrong on a 1-point task', question('WORD', 'рынок'), 'рынки', 1, 0],
  ['word right on a 2-point task', question('WORD', 'республика'), 'Республика', 2, 2],
  ['word wrong on a 2-point task earns nothing', question('WORD', 'республика'), 'диктатура', 2, 0],
  ['word one letter off on a 2-point task earns nothing', question('WORD', 'монархия'), 'монархии', 2, 0],
  ['word empty', question('WORD', 'рынок'), '   ', 2, 0],
  ['word with a space against a key without (as the web input strips it)', question('WORD', 'рыночнаяэкономика'), 'рыночная экономика', 1, 1],
  ['word key with a space or hyphen against letters only', question('WORD', 'рыночная-экономика'), 'Рыночная Экономика', 1, 1],
  ['word ё in the key', question('WORD', 'самоопределение'), 'САМО-ОПРЕДЕЛЁНИЕ', 1, 1],
  // Set of digits: order free; extra and missing digits are mistakes.
  ['set exact, any order', question('VARIANTS', '135'), '531', 2, 2],
  ['set one missing', question('VARIANTS', '135'), '13', 2, 1],
  ['set one extra beside all right', question('VARIANTS', '135'), '1345', 2, 1],
  ['set one wrong digit in place of a right one (two mistakes)', question('VARIANTS', '135'), '134', 2, 0],
  ['set two missing', question('VARIANTS', '135'), '1', 2, 0],
  ['set two extra', question('VARIANTS', '135'), '12345', 2, 0],
  ['set repeated digit counts as extra', question('VARIANTS', '135'), '1135', 2, 1],
  ['set out-of-range digit counts as extra', question('VARIANTS', '135'), '1359', 2, 1],
  ['set empty', question('VARIANTS', '135'), '', 2, 0],
  ['set hidden behaves as set', question('VARIANTS_HIDDEN', '24'), '4', 2, 1],
  ['set 1-point task needs exact', question('VARIANTS_HIDDEN', '24'), '2', 1, 0],
  ['set 1-point exact', question('VARIANTS_HIDDEN', '24'), '42', 1, 1],
  // Matching: one digit per row, in row order.
  ['match exact', question('MATCH', '2113', matchRows), '2113', 2, 2],
  ['match one row wrong', question('MATCH', '2113', matchRows), '2123', 2, 1],
  ['match two rows wrong', question('MATCH', '2113', matchRows), '3112', 2, 0],
  ['match extra slot is a mistake', question('MATCH', '2113', matchRows), '21131', 2, 1],
  ['match missing slot is a mistake', question('MATCH', '2113', matchRows), '211', 2, 1],
  ['match 1-point task needs exact', question('MATCH', '2113', matchRows), '2123', 1, 0],
  ['MATCH_8_RUS behaves as match', question('MATCH_8_RUS', '2113', matchRows), '2123', 2, 1],
  ['MATCH_22_RUS behaves as match', question('MATCH_22_RUS', '2113', matchRows), '2113', 2, 2],
  ['MATCH_HIDDEN behaves as match', question('MATCH_HIDDEN', '2113', matchRows), '2311', 2, 0],
  // Sequence: order matters position by position.
  ['sequence exact', question('SEQUENSE', '3142'), '3142', 2, 2],
  ['sequence one position wrong', question('SEQUENSE', '3142'), '3143', 2, 1],
  ['sequence swapped pair (two mistakes)', question('SEQUENSE', '3142'), '1342', 2, 0],
  ['sequence 1-point exact', question('SEQUENSE', '3142'), '3142', 1, 1],
  ['sequence 1-point task needs exact', question('SEQUENSE', '3142'), '3143', 1, 0],
  // A task worth nothing earns nothing.
  ['zero-point task', question('VARIANTS', '1'), '1', 0, 0],
];

describe('exam scoring table', () => {
  it.each(table)('%s', (_title, q, typed, max, points) => {
    expect(scoreAnswer(q, typed, max)).toBe(points);
    // The same through the kind's registry entry, handed in explicitly.
    expect(scoreAnswer(q, typed, max, ANSWER_KIND_SPECS[answerKindOf(q.questionType)])).toBe(points);
  });

  it('covers every question type and every answer kind on 1- and 2-point tasks', () => {
    expect(new Set(table.map(([, q]) => q.questionType))).toEqual(new Set(QUESTION_TYPES));
    for (const kind of new Set(QUESTION_TYPES.map(answerKindOf))) {
      const maxima = new Set(table.filter(([, q]) => answerKindOf(q.questionType) === kind).map(([, , , max]) => max));
      expect([kind, maxima.has(1) && maxima.has(2)]).toEqual([kind, true]);
    }
  });
});

describe('points of a task', () => {
  it('reads the primary score of a 1-based task number and falls back to 1', () => {
    expect(pointsOfTask([2, 1, 2], 1)).toBe(2);
    expect(pointsOfTask([2, 1, 2], 2)).toBe(1);
    expect(pointsOfTask([2, 1, 2], 16)).toBe(1);
  });
});
