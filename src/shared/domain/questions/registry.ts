import type { AnswerInput } from './input-rules';
import { onlyCyrillic, onlyDigits } from './input-rules';
import type { KindRegistry, KindSpec } from './kinds/kind-spec';
import { matchKind } from './kinds/match';
import { sequenceKind } from './kinds/sequence';
import { setKind } from './kinds/set';
import { wordKind } from './kinds/word';
import { answerKindOf, type AnswerKind, type QuestionJson } from './question-json';

export type { KindRegistry, KindSpec } from './kinds/kind-spec';

/** The answer kinds of part 1, one entry each. */
export const ANSWER_KIND_SPECS = {
  set: setKind,
  match: matchKind,
  sequence: sequenceKind,
  word: wordKind,
} as const satisfies KindRegistry<AnswerKind>;

export function kindSpecOf(question: Pick<QuestionJson, 'questionType'>): KindSpec {
  return ANSWER_KIND_SPECS[answerKindOf(question.questionType)];
}

/*
 * The generic path: each entry point takes the kind's entry (by default the question's own), so a
 * kind that is only a registry entry goes through exactly the same code.
 */

export function answerInputOf(question: QuestionJson, spec: KindSpec = kindSpecOf(question)): AnswerInput {
  return spec.input(question);
}

/** Continue stays disabled until this is true: non-empty, and for slots every slot filled. */
export function isAnswerComplete(question: QuestionJson, answer: string, spec: KindSpec = kindSpecOf(question)): boolean {
  const input = spec.input(question);
  if (input.kind === 'word') return onlyCyrillic(answer).length > 0;
  const digits = onlyDigits(answer);
  if (input.kind === 'slots') return digits.length === input.slots;
  return digits.length > 0;
}

/**
 * The student's answer as typed against the displayed (shuffled) question, rewritten in original
 * numbering, so scoring never depends on the presentation.
 */
export function answerToOriginal(question: QuestionJson, typed: string, spec: KindSpec = kindSpecOf(question)): string {
  return spec.toOriginal(question, typed);
}

/** A right answer rewritten for the displayed presentation (what the result view shows). */
export function answerToDisplayed(question: QuestionJson, canonical: string, spec: KindSpec = kindSpecOf(question)): string {
  return spec.toDisplayed(question, canonical);
}

/** Whether a typed answer has the characters its kind allows (the server checks the typing rules again). */
export function typedShapeOk(question: QuestionJson, typed: string, spec: KindSpec = kindSpecOf(question)): boolean {
  return spec.typedShape.test(typed);
}
