import type { AnswerKind } from '@shared/domain/questions';
import type { ComponentType } from 'react';
import { ChoiceCards, MatchGrid, SequenceChips, TypedInput, WordInput, type AnswerInputProps } from './answer-widgets';
import { MatchAnswerField, SequenceAnswerField, SetAnswerField, WordAnswersField, type RightAnswerFieldProps } from './right-answer-fields';

/**
 * The renderer's half of the answer-kind registry (the shared half, ANSWER_KIND_SPECS, holds the
 * rules): what a student types into in each question view, and the editor's right-answer field.
 */
export interface KindView {
  TextWidget: ComponentType<AnswerInputProps>;
  GraphicWidget: ComponentType<AnswerInputProps>;
  RightAnswerField: ComponentType<RightAnswerFieldProps>;
}

export type KindViewRegistry<Kind extends string> = { readonly [K in Kind]: KindView };

export const KIND_VIEWS = {
  set: { TextWidget: TypedInput, GraphicWidget: ChoiceCards, RightAnswerField: SetAnswerField },
  match: { TextWidget: TypedInput, GraphicWidget: MatchGrid, RightAnswerField: MatchAnswerField },
  sequence: { TextWidget: TypedInput, GraphicWidget: SequenceChips, RightAnswerField: SequenceAnswerField },
  word: { TextWidget: WordInput, GraphicWidget: WordInput, RightAnswerField: WordAnswersField },
} as const satisfies KindViewRegistry<AnswerKind>;
