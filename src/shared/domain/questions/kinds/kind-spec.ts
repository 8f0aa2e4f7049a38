import type { AnswerInput } from '../input-rules';
import type { QuestionJson } from '../question-json';

/**
 * Everything one answer kind decides, in one object. The server, the student screens and the
 * back-office editor ask the kind's entry instead of branching on the kind, so a new kind is one
 * new entry: a registry that lacks a kind, or an entry that lacks a piece, does not compile.
 */
export interface KindSpec {
  /** Presentation: the option columns the kind shows and edits (0 none, 1 a list, 2 rows × options; rows are lettered). */
  readonly columns: 0 | 1 | 2;
  /** Graphic view: the answer widget shows the options itself, so the question body does not list them again. */
  readonly optionsInGraphicWidget: boolean;
  /** How the answer is typed (input rules, learning-area §5). */
  input(question: QuestionJson): AnswerInput;
  /** The characters a typed answer may consist of when the server checks it again. */
  readonly typedShape: RegExp;
  /** The typed answer (displayed numbering) rewritten in original numbering. */
  toOriginal(question: QuestionJson, typed: string): string;
  /** A canonical answer (original numbering) rewritten for the displayed presentation. */
  toDisplayed(question: QuestionJson, canonical: string): string;
  /** Mistakes of an answer already in original numbering against one accepted answer. */
  mistakes(question: QuestionJson, answer: string, right: string): number;
  /** Whether one mistake still earns part of a multi-point task (ФИПИ: a word has no half). */
  readonly oneMistakeEarnsAPoint: boolean;
  /** Right answers as stored (trimmed, empty ones dropped). */
  tidyAnswers(answers: readonly string[]): string[];
  /** The editor's message when no right answer is given. */
  readonly missingAnswerText: string;
  /** Why a stored right answer is impossible for the question's options, or null. */
  answerProblem(answer: string, options1: number, options2: number): string | null;
  /** A right answer after column-1 option `removed` (1-based) is deleted in the editor. */
  answerWithoutOption(answer: string, removed: number): string;
  /** The first right answer after an option is appended to column 1 (now `size` options). */
  answerWithNewOption(answer: string, size: number): string;
}

/** One complete entry per kind: a missing kind or piece is a compile error. */
export type KindRegistry<Kind extends string> = { readonly [K in Kind]: KindSpec };
