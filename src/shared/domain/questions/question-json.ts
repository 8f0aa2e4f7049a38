import { z } from 'zod';
import { safeString } from '../../contract/fields';

/**
 * Part 1 question as stored and sent (learning-area §3 'qJson'). Numbering conventions used by
 * the whole engine:
 * - options of column 1 and column 2 are numbered from 1 in their ORIGINAL (stored) order;
 * - `mixRuleColumnN` is a presentation: displayed position i (1-based) shows original option
 *   `mixRuleColumnN[i - 1]`; an empty rule means the original order;
 * - `rightAnswers` hold canonical answers in original numbering: one digit string for the digit
 *   types (e.g. '135', '2113'), every accepted word for WORD.
 */
export const QUESTION_TYPES = ['VARIANTS', 'VARIANTS_HIDDEN', 'MATCH', 'MATCH_HIDDEN', 'WORD', 'SEQUENSE', 'MATCH_8_RUS', 'MATCH_22_RUS'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** How a type is checked (one registry entry each, see registry.ts); MATCH_8_RUS and MATCH_22_RUS behave as MATCH. */
export const ANSWER_KINDS = ['set', 'match', 'sequence', 'word'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

const KIND_OF_TYPE = {
  VARIANTS: 'set',
  VARIANTS_HIDDEN: 'set',
  MATCH: 'match',
  MATCH_HIDDEN: 'match',
  MATCH_8_RUS: 'match',
  MATCH_22_RUS: 'match',
  SEQUENSE: 'sequence',
  WORD: 'word',
} as const satisfies Record<QuestionType, AnswerKind>;

export function answerKindOf(type: QuestionType): AnswerKind {
  return KIND_OF_TYPE[type];
}

const permutation = z.array(z.number().int().min(1).max(9)).max(9);

// Text fields refuse NUL and lone surrogates: the back-office editor saves this very shape.
export const questionJsonSchema = z.object({
  questionType: z.enum(QUESTION_TYPES),
  questionText: safeString().max(20_000).default(''),
  questionText2: safeString().max(20_000).default(''),
  questionImage: safeString().max(500).default(''),
  questionAnsColumn1Name: safeString().max(500).default(''),
  questionAnsColumn1: z.array(safeString().max(5_000)).max(9).default([]),
  questionAnsColumn2Name: safeString().max(500).default(''),
  questionAnsColumn2: z.array(safeString().max(5_000)).max(9).default([]),
  rightAnswers: z.array(safeString().trim().min(1).max(200)).min(1),
  descriptions: z.array(safeString().max(20_000)).default([]),
  descriptionGeneral: safeString().max(20_000).default(''),
  mixRuleColumn1: permutation.default([]),
  mixRuleColumn2: permutation.default([]),
  isPublished: z.enum(['0', '1']).default('0'),
  isSelfmade: z.enum(['0', '1']).default('0'),
  /** Our addition: '1' marks a hard question for students aiming at 90+ points (column is_90plus). */
  is90Plus: z.enum(['0', '1']).default('0'),
  qEgeNum: z.number().int().min(0).max(30).default(0),
  qLessonNum: z.number().int().min(0).default(0),
  qChapter: safeString().max(200).default(''),
});
export type QuestionJson = z.output<typeof questionJsonSchema>;

/** The maximum slot count of a digit answer: options are single digits 1–9. */
export const MAX_OPTIONS = 9;
