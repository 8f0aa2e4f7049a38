import { describe, expect, it } from 'vitest';
import { CREDIT_TEXTS as C, digitizePercent, P2_TEXTS as T, tidyP2, validateCredit, validateP2, type P2Fields } from './question-bank-p2';

const reference = { lessons: [1, 2, 3], chapters: ['Человек и общество', 'Экономика'] };
const valid: P2Fields = { qQuestion: 'Текст', qTaskNumber: 20, qLessonNumber: 2, qChapter: 'Экономика', qMaxBall: 3, qCriteria: '', qMarkDownPoyasn: '', qPublic: '0', is90Plus: '0' };

describe('part 2 question rules (back-office §5)', () => {
  it('accepts a draft without criteria and asks for criteria to publish', () => {
    expect(validateP2(valid, reference)).toEqual({});
    expect(validateP2({ ...valid, qPublic: '1' }, reference)).toEqual({ qCriteria: T.criteriaRequired });
    expect(validateP2({ ...valid, qPublic: '1', qCriteria: '3 балла — …' }, reference)).toEqual({});
  });

  it('says what is wrong with each field in the spec words', () => {
    expect(validateP2({ ...valid, qTaskNumber: 0, qChapter: ' ', qLessonNumber: -2, qMaxBall: 11, qQuestion: '' }, reference)).toEqual({
      qTaskNumber: T.taskPositive,
      qChapter: T.chapterRequired,
      qLessonNumber: T.lessonPositive,
      qMaxBall: T.maxPoints,
      qQuestion: T.textRequired,
    });
    expect(validateP2({ ...valid, qTaskNumber: 16, qChapter: 'Нет такой', qLessonNumber: 9 }, reference)).toEqual({ qTaskNumber: T.taskRange, qChapter: T.chapterUnknown, qLessonNumber: T.lessonUnknown });
    // A draft may be only a picture; a published question needs its text.
    expect(validateP2({ ...valid, qQuestion: '' }, reference, true)).toEqual({});
    expect(validateP2({ ...valid, qQuestion: '', qPublic: '1', qCriteria: 'к' }, reference, true)).toEqual({ qQuestion: T.textRequired });
  });

  it('tidies line ends and outer spaces', () => {
    expect(tidyP2({ ...valid, qQuestion: '  а\r\nб  ', qChapter: ' Экономика ' })).toMatchObject({ qQuestion: 'а\nб', qChapter: 'Экономика' });
  });

  it('floors the bulk progress percent and is 0 for an empty run', () => {
    expect([digitizePercent(0, 3), digitizePercent(1, 3), digitizePercent(2, 3), digitizePercent(3, 3), digitizePercent(0, 0)]).toEqual([0, 33, 66, 100, 0]);
  });
});

describe('credit question rules', () => {
  const fields = { question: 'Вопрос', answer: 'Ответ', zachetNum: 1, lessonNum: 2, public: '1' as const, plus90: '0' as const };
  it('checks the numbers with the spec texts and needs a question and an answer', () => {
    expect(validateCredit(fields, reference.lessons)).toEqual({});
    expect(validateCredit({ ...fields, zachetNum: 0, lessonNum: 0, question: ' ', answer: '' }, reference.lessons)).toEqual({
      zachetNum: C.zachetPositive,
      lessonNum: C.lessonPositive,
      question: C.questionRequired,
      answer: C.answerRequired,
    });
    expect(validateCredit({ ...fields, lessonNum: 7 }, reference.lessons)).toEqual({ lessonNum: C.lessonUnknown });
    expect(C.hasAnswers(1)).toContain('1 ответ учеников');
    expect([2, 5, 11, 21].map((n) => C.hasAnswers(n).match(/уже (\d+ \S+)/)![1])).toEqual(['2 ответа', '5 ответов', '11 ответов', '21 ответ']);
  });
});
