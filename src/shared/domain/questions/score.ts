import { answerToOriginal, digitsOf, wordAnswerKey } from './normalize';
import { answerKindOf, type AnswerKind, type QuestionJson } from './question-json';

/**
 * Scoring of part 1 (server only; the client never scores), by the ФИПИ rules of ЕГЭ
 * обществознание. A task's points come from the exam's primary scores per task number.
 *
 * - A one-point task needs the exact answer.
 * - A word (term) is right or wrong: a wrong word earns nothing, on a two-point task too.
 * - A digit answer (set, match, sequence) on a two-point task earns 2 with no mistakes, 1 with
 *   exactly one mistake, 0 otherwise.
 *
 * Mistakes of a digit answer, always counted in original numbering:
 * - set: right digits missing + digits that should not be there (a repeated digit and a digit out
 *   of the option range count as extra digits). So one extra digit beside all the right ones, or
 *   one right digit missing, is one mistake; a wrong digit in place of a right one is two (ФИПИ:
 *   «одной неверно указанной, в том числе лишней, цифрой наряду со всеми верными цифрами»);
 * - match and sequence: positions that differ, plus missing or extra positions.
 */

/** Whether one mistake still earns part of a multi-point task (ФИПИ: a word answer has no half). */
const ONE_MISTAKE_EARNS_A_POINT = { set: true, match: true, sequence: true, word: false } satisfies Record<AnswerKind, boolean>;

/** Mistakes in a digit answer; a word answer is 0 when it is right and 1 (simply wrong) when not. */
export function countMistakes(question: QuestionJson, typedAnswer: string, rightAnswer: string): number {
  const kind = answerKindOf(question.questionType);
  if (kind === 'word') return wordAnswerKey(typedAnswer) === wordAnswerKey(rightAnswer) ? 0 : 1;
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
  const partial = ONE_MISTAKE_EARNS_A_POINT[answerKindOf(question.questionType)];
  if (partial && mistakes === 1 && maxPoints >= 2) return maxPoints - 1;
  return 0;
}

/** Points of an exam task number from the admin's primary scores (task numbers are 1-based). */
export function pointsOfTask(primaryScores: readonly number[], egeNum: number): number {
  return primaryScores[egeNum - 1] ?? 1;
}
