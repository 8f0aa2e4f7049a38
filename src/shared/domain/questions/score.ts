import { answerToOriginal, digitsOf, normalizeWord } from './normalize';
import { answerKindOf, type QuestionJson } from './question-json';

/**
 * Scoring of part 1 (server only; the client never scores). A task's points come from the exam's
 * primary scores per task number. As in the exam itself, a two-point task answered with exactly
 * one mistake earns one point; a one-point task needs the exact answer.
 *
 * Mistakes per kind, always counted in original numbering:
 * - set: right digits missing + digits that should not be there (a repeated digit and a digit out
 *   of the option range count as extra digits);
 * - match and sequence: positions that differ, plus missing or extra positions;
 * - word: 0 if the answer equals one of the accepted words, else 1.
 */
export function countMistakes(question: QuestionJson, typedAnswer: string, rightAnswer: string): number {
  const kind = answerKindOf(question.questionType);
  if (kind === 'word') return normalizeWord(typedAnswer) === normalizeWord(rightAnswer) ? 0 : 1;
  const answer = digitsOf(answerToOriginal(question, typedAnswer));
  const right = digitsOf(rightAnswer);
  if (kind === 'set') {
    const optionCount = question.questionAnsColumn1.length || 9;
    const rightSet = new Set(right);
    const seen = new Set<number>();
    let extra = 0;
    for (const digit of answer) {
      if (seen.has(digit) || !rightSet.has(digit) || digit < 1 || digit > optionCount) extra += 1;
      seen.add(digit);
    }
    const missing = [...rightSet].filter((digit) => !seen.has(digit)).length;
    return missing + extra;
  }
  let mistakes = Math.abs(answer.length - right.length);
  for (let index = 0; index < Math.min(answer.length, right.length); index += 1) {
    if (answer[index] !== right[index]) mistakes += 1;
  }
  return mistakes;
}

/** Fewest mistakes against any accepted answer (WORD may accept several spellings). */
export function bestMistakes(question: QuestionJson, typedAnswer: string): number {
  return Math.min(...question.rightAnswers.map((right) => countMistakes(question, typedAnswer, right)));
}

/** Points for an answer to a task worth `maxPoints`. */
export function scoreAnswer(question: QuestionJson, typedAnswer: string, maxPoints: number): number {
  if (maxPoints <= 0) return 0;
  if (typedAnswer.trim() === '') return 0;
  const mistakes = bestMistakes(question, typedAnswer);
  if (mistakes === 0) return maxPoints;
  if (mistakes === 1 && maxPoints >= 2) return maxPoints - 1;
  return 0;
}

/** Points of an exam task number from the admin's primary scores (task numbers are 1-based). */
export function pointsOfTask(primaryScores: readonly number[], egeNum: number): number {
  return primaryScores[egeNum - 1] ?? 1;
}
