import { editableQuestion } from '@shared/contract/question-bank-admin';
import { ANSWER_KINDS, type AnswerKind } from '@shared/domain/questions';
import { render, screen } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { KIND_VIEWS, type KindView, type KindViewRegistry } from './kind-views';

describe('the renderer kind registry', () => {
  it('has a widget for each view and an editor field for every answer kind, checked at compile time', () => {
    expect(Object.keys(KIND_VIEWS).sort()).toEqual([...ANSWER_KINDS].sort());
    expectTypeOf(KIND_VIEWS).toExtend<KindViewRegistry<AnswerKind>>();
    const { sequence: _sequence, ...withoutSequence } = KIND_VIEWS;
    // @ts-expect-error the sequence kind has no views
    const incomplete: KindViewRegistry<AnswerKind> = withoutSequence;
    const { RightAnswerField: _field, ...noEditorField } = KIND_VIEWS.set;
    // @ts-expect-error a kind without its editor field
    const partial: KindView = noEditorField;
    expect([incomplete, partial]).toHaveLength(2);
  });

  it("renders the editor's right-answer field of each kind", () => {
    const form = (questionType: string, rightAnswers: string[]) =>
      editableQuestion.parse({ questionType, rightAnswers, questionAnsColumn1: ['первое', 'второе'], questionAnsColumn2: ['один', 'два'] });
    const { RightAnswerField: WordField } = KIND_VIEWS.word;
    const { unmount } = render(<WordField form={form('WORD', ['рынок'])} onChange={() => undefined} />);
    expect(screen.getByDisplayValue('рынок')).toBeTruthy();
    unmount();
    const { RightAnswerField: SetField } = KIND_VIEWS.set;
    render(<SetField form={form('VARIANTS', ['2'])} onChange={() => undefined} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });
});
