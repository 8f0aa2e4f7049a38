import { kindSpecOf, type KindSpec } from './registry';
import type { QuestionJson } from './question-json';

/**
 * Scoring of part 1 (server only; the client never scores), by the ФИПИ rules of ЕГЭ
 * обществознание. A task's points come from the exam's primary scores per task number.
 *
 * - A one-point task needs the exact answer.
 * - A word (term) is right or wrong: a wrong word earns nothing, on a two-point task too.
 * - A digit answer (set, match, sequence) on a two-point task earns 2 with no mistakes, 1 with
 *   exactly one mistake, 0 otherwise.
 *
 * Mistakes are counted by the answer's kind (kinds/*.ts), always in original numbering:
 * - set: right digits missing + digits that should not be there;
 * - match and sequence: positions that differ, plus missing or extra positions;
 * - word: 0 when it is right, 1 (simply wrong) when not.
 */

/** Mistakes of a typed answer (displayed numbering) against one accepted answer. */
export function countMistakes(question: QuestionJson, typedAnswer: string, rightAnswer: string, spec: KindSpec = kindSpecOf(question)): number {
  return spec.mistakes(question, spec.toOriginal(question, typedAnswer), rightAnswer);
}

/** Fewest mistakes against any accepted answer (WORD may accept several spellings). */
export function bestMistakes(question: QuestionJson, typedAnswer: string, spec: KindSpec = kindSpecOf(question)): number {
  return Math.min(...question.rightAnswers.map((right) => countMistakes(question, typedAnswer, right, spec)));
}

/** Points for an answer to a task worth `maxPoints`. */
export function scoreAnswer(question: QuestionJson, typedAnswer: string, maxPoints: number, spec: KindSpec = kindSpecOf(question)): number {
  if (maxPoints <= 0) return 0;
  if (typedAnswer.trim() === '') return 0;
  const mistakes = bestMistakes(question, typedAnswer, spec);
  if (mistakes === 0) return maxPoints;
  if (spec.oneMistakeEarnsAPoint && mistakes === 1 && maxPoints >= 2) return maxPoints - 1;
  return 0;
}

/** Points of an exam task number from the admin's primary scores (task numbers are 1-based). */
export function pointsOfTask(primaryScores: readonly number[], egeNum: number): number {
  return primaryScores[egeNum - 1] ?? 1;
}
