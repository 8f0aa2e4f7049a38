import { describe, expect, it } from 'vitest';
import {
  answerKindOf,
  answerToDisplayed,
  normalizeWord,
  onlyCyrillic,
  questionJsonSchema,
  QUESTION_TYPES,
  scoreAnswer,
  type QuestionJson,
  type QuestionType,
} from '../../../src/shared/domain/questions';
import { DEMO_COURSE, demoChapterOf } from './demo-course-content';

/** The part 1 bank of the demo course package (resources/course/demo/manifest.json). */
const parsed = DEMO_COURSE.questionsP1.map((item) => ({ q: questionJsonSchema.parse(item.question) }));
const label = (q: QuestionJson) => `${q.qLessonNum}/${q.qEgeNum} ${q.questionType}: ${q.questionText.slice(0, 60)}`;
const digits = (answer: string) => [...answer].map(Number);

describe('demo part 1 questions of the demo course package', () => {
  it('all parse and carry consistent lesson, exam number, chapter and flags', () => {
    for (const { q } of parsed) {
      expect(demoChapterOf(q.qLessonNum), label(q)).toBeDefined();
      expect(q.qEgeNum).toBeGreaterThanOrEqual(1);
      expect(q.qEgeNum).toBeLessThanOrEqual(16);
      expect(q.qChapter).toBe(demoChapterOf(q.qLessonNum));
      expect(q.isPublished).toBe('1');
      expect(['0', '1']).toContain(q.isSelfmade);
      expect(q.questionText.length, label(q)).toBeGreaterThan(20);
      expect(q.descriptionGeneral.length, label(q)).toBeGreaterThan(20);
      expect(q.rightAnswers.length).toBeGreaterThan(0);
    }
  });

  it('meets the minimum counts per lesson, per type and in total', () => {
    expect(parsed.length).toBeGreaterThanOrEqual(66);
    const perLesson = new Map<number, number>();
    for (const { q } of parsed) perLesson.set(q.qLessonNum, (perLesson.get(q.qLessonNum) ?? 0) + 1);
    for (let lesson = 1; lesson <= 9; lesson += 1) expect(perLesson.get(lesson) ?? 0, `lesson ${lesson}`).toBeGreaterThanOrEqual(6);
    expect(perLesson.get(10) ?? 0).toBeGreaterThanOrEqual(12);

    const minimum: Record<QuestionType, number> = { VARIANTS: 6, VARIANTS_HIDDEN: 6, MATCH: 6, MATCH_HIDDEN: 4, WORD: 6, SEQUENSE: 5, MATCH_8_RUS: 3, MATCH_22_RUS: 3 };
    for (const type of QUESTION_TYPES) expect(parsed.filter(({ q }) => q.questionType === type).length, type).toBeGreaterThanOrEqual(minimum[type]);

    const selfmade = parsed.filter(({ q }) => q.isSelfmade === '1').length;
    expect(selfmade).toBeGreaterThanOrEqual(5);
    expect(selfmade).toBeLessThanOrEqual(8);
    // Shuffling is exercised on a few questions, not on all.
    const mixed = parsed.filter(({ q }) => q.mixRuleColumn1.length > 0 || q.mixRuleColumn2.length > 0).length;
    expect(mixed).toBeGreaterThanOrEqual(3);
    expect(mixed).toBeLessThan(parsed.length / 3);
  });

  it('has no duplicate question texts', () => {
    const texts = parsed.map(({ q }) => normalizeWord(q.questionText));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('has well-formed right answers for every kind', () => {
    for (const { q } of parsed) {
      const kind = answerKindOf(q.questionType);
      const column1 = q.questionAnsColumn1.length;
      const column2 = q.questionAnsColumn2.length;
      if (kind === 'word') {
        for (const word of q.rightAnswers) {
          expect(onlyCyrillic(word), label(q)).toBe(word);
          expect(normalizeWord(word), label(q)).toBe(word);
        }
        expect(new Set(q.rightAnswers).size).toBe(q.rightAnswers.length);
        expect(q.questionText).toContain('…');
        continue;
      }
      expect(q.rightAnswers, label(q)).toHaveLength(1);
      const answer = digits(q.rightAnswers[0]!);
      if (kind === 'match') {
        expect(column1, label(q)).toBe(5);
        expect(column2, label(q)).toBeGreaterThanOrEqual(2);
        expect(column2, label(q)).toBeLessThanOrEqual(3);
        expect(answer, label(q)).toHaveLength(column1);
        expect(answer.every((digit) => digit >= 1 && digit <= column2), label(q)).toBe(true);
        // Every column-2 option is used, otherwise it is a pointless distractor for a 2–3 option task.
        expect(new Set(answer).size, label(q)).toBe(column2);
        expect(q.questionAnsColumn1Name && q.questionAnsColumn2Name, label(q)).toBeTruthy();
      } else if (kind === 'set') {
        expect(column1, label(q)).toBeGreaterThanOrEqual(5);
        expect(column2).toBe(0);
        expect(answer.every((digit) => digit >= 1 && digit <= column1), label(q)).toBe(true);
        expect(answer.join(''), label(q)).toBe([...new Set(answer)].sort((a, b) => a - b).join(''));
        expect(answer.length, label(q)).toBeGreaterThanOrEqual(2);
        expect(answer.length, label(q)).toBeLessThan(column1);
      } else {
        expect(column1, label(q)).toBeGreaterThanOrEqual(4);
        expect([...answer].sort((a, b) => a - b), label(q)).toEqual(Array.from({ length: column1 }, (_, index) => index + 1));
      }
      if (q.descriptions.length > 0) expect(q.descriptions, label(q)).toHaveLength(column1);
    }
  });

  it('uses only permutations as presentation rules', () => {
    const isPermutation = (rule: number[], n: number) => [...rule].sort((a, b) => a - b).join(',') === Array.from({ length: n }, (_, index) => index + 1).join(',');
    for (const { q } of parsed) {
      if (q.mixRuleColumn1.length > 0) expect(isPermutation(q.mixRuleColumn1, q.questionAnsColumn1.length), label(q)).toBe(true);
      if (q.mixRuleColumn2.length > 0) expect(isPermutation(q.mixRuleColumn2, q.questionAnsColumn2.length), label(q)).toBe(true);
    }
  });

  it('scores every right answer (as displayed) at the maximum, a one-slip digit answer at one point of two and a one-slip word at nothing', () => {
    for (const { q } of parsed) {
      const right = q.rightAnswers[0]!;
      expect(scoreAnswer(q, answerToDisplayed(q, right), 2), label(q)).toBe(2);
      expect(scoreAnswer(q, answerToDisplayed(q, right), 1), label(q)).toBe(1);
      const kind = answerKindOf(q.questionType);
      if (kind === 'word') {
        // A word is right or wrong: a slip earns nothing, on a two-point task too.
        expect(scoreAnswer(q, `${right}ы`, 1), label(q)).toBe(0);
        expect(scoreAnswer(q, `${right}ы`, 2), label(q)).toBe(0);
        continue;
      }
      // Exactly one mistake: one match row changed, or one digit dropped. Two-point tasks give one point.
      const shown = answerToDisplayed(q, right);
      const slip = kind === 'match' ? `${(Number(shown[0]) % q.questionAnsColumn2.length) + 1}${shown.slice(1)}` : shown.slice(0, -1);
      expect(scoreAnswer(q, slip, 2), label(q)).toBe(1);
      expect(scoreAnswer(q, slip, 1), label(q)).toBe(0);
    }
  });
});
