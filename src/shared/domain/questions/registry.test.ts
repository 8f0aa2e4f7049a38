import { describe, expect, expectTypeOf, it } from 'vitest';
import { ANSWER_KIND_SPECS, answerInputOf, answerToDisplayed, answerToOriginal, isAnswerComplete, kindSpecOf, type KindRegistry, type KindSpec } from './registry';
import { ANSWER_KINDS, QUESTION_TYPES, answerKindOf, questionJsonSchema, type AnswerKind, type QuestionJson } from './question-json';
import { scoreAnswer } from './score';
import { tidyQuestion, validateQuestion } from '../question-bank-p1';
import { onlyDigits } from './input-rules';

/**
 * A fixture kind that exists only as a registry entry: the digits typed must equal the right
 * answer read backwards. Nothing else in the engine knows about it.
 */
const reversedKind: KindSpec = {
  columns: 1,
  optionsInGraphicWidget: false,
  input: (question) => ({ kind: 'digits', maxLength: question.questionAnsColumn1.length }),
  typedShape: /^\d+$/,
  toOriginal: (_question, typed) => [...onlyDigits(typed)].reverse().join(''),
  toDisplayed: (_question, canonical) => [...canonical].reverse().join(''),
  mistakes: (_question, answer, right) => (answer === right ? 0 : 1),
  oneMistakeEarnsAPoint: false,
  tidyAnswers: (answers) => answers.map((answer) => answer.trim()),
  missingAnswerText: 'Укажите верный ответ',
  answerProblem: (answer) => (/^[1-9]+$/.test(answer) ? null : 'Только цифры'),
  answerWithoutOption: (answer) => answer,
  answerWithNewOption: (answer) => answer,
};

const fixtureRegistry = { ...ANSWER_KIND_SPECS, reversed: reversedKind } satisfies KindRegistry<AnswerKind | 'reversed'>;

const question = (type: QuestionJson['questionType'], right: string): QuestionJson =>
  questionJsonSchema.parse({ questionType: type, questionAnsColumn1: ['а', 'б', 'в'], rightAnswers: [right] });

describe('answer kind registry', () => {
  it('has one entry per answer kind and every question type finds its entry', () => {
    expect(Object.keys(ANSWER_KIND_SPECS).sort()).toEqual([...ANSWER_KINDS].sort());
    for (const type of QUESTION_TYPES) expect(kindSpecOf({ questionType: type })).toBe(ANSWER_KIND_SPECS[answerKindOf(type)]);
  });

  it('refuses, at compile time, a registry without a kind or an entry without a piece', () => {
    const { word: _word, ...withoutWord } = ANSWER_KIND_SPECS;
    // @ts-expect-error the word kind has no entry
    const incomplete: KindRegistry<AnswerKind> = withoutWord;
    const { mistakes: _mistakes, ...noMistakes } = reversedKind;
    // @ts-expect-error an entry that cannot count mistakes
    const partial: KindSpec = noMistakes;
    expect([incomplete, partial]).toHaveLength(2);
    expectTypeOf(ANSWER_KIND_SPECS).toExtend<KindRegistry<AnswerKind>>();
    expectTypeOf<keyof typeof fixtureRegistry>().toEqualTypeOf<AnswerKind | 'reversed'>();
  });

  it('scores and normalises a kind that is only a registry entry through the generic path', () => {
    const spec = fixtureRegistry.reversed;
    const q = question('VARIANTS', '123');
    expect(answerToOriginal(q, '3 2 1', spec)).toBe('123');
    expect(answerToDisplayed(q, '123', spec)).toBe('321');
    expect(answerInputOf(q, spec)).toEqual({ kind: 'digits', maxLength: 3 });
    expect(isAnswerComplete(q, '3', spec)).toBe(true);
    expect(scoreAnswer(q, '321', 2, spec)).toBe(2);
    expect(scoreAnswer(q, '123', 2, spec)).toBe(0);
    // The same question read as its own kind (set) scores by the set rules.
    expect(scoreAnswer(q, '123', 2)).toBe(2);
  });

  it('tidies and validates a stored question by its kind', () => {
    const word = tidyQuestion({ ...question('WORD', ' Ёлка '), questionAnsColumn2: ['x'] });
    expect(word).toMatchObject({ rightAnswers: ['елка'], questionAnsColumn1: [], questionAnsColumn2: [] });
    const set = tidyQuestion({ ...question('VARIANTS', '31'), questionAnsColumn2: ['x'] });
    expect(set).toMatchObject({ rightAnswers: ['13'], questionAnsColumn2: [] });
    const errors = validateQuestion({ ...question('SEQUENSE', '12'), questionText: 'Порядок', qEgeNum: 3, qLessonNum: 1 }, { lessons: [1], chapters: [] });
    expect(errors).toEqual({ rightAnswers: 'Последовательность должна содержать каждую цифру от 1 до 3 ровно один раз' });
  });
});
