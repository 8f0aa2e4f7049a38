import { answerKindOf } from '@shared/domain/questions';
import { KIND_VIEWS } from './kind-views';
import type { AnswerInputProps } from './answer-widgets';

export type { AnswerInputProps } from './answer-widgets';

/** The answer input of a part 1 question by its kind and the chosen question view (§5, shell §2.11). */
export function AnswerInput(props: AnswerInputProps) {
  const views = KIND_VIEWS[answerKindOf(props.question.questionType)];
  const Widget = props.view === 'graphic' ? views.GraphicWidget : views.TextWidget;
  return <Widget {...props} />;
}
