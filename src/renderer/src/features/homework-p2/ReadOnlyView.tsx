import type { HomeworkP2Question } from '@shared/contract/homework-p2';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { QuestionHead } from './QuestionHead';

/** A submitted work waiting for its check ('Готово'): the answers, read-only. */
export function ReadOnlyView({ questions }: { questions: HomeworkP2Question[] }) {
  return (
    <div className="p2-form" data-testid="p2-readonly">
      <p className="p2-note">{t.readOnlyNote}</p>
      {questions.map((question) => (
        <section key={question.qNumber} className="p2-q" aria-labelledby={`p2-ro-${question.qNumber}`}>
          <QuestionHead question={question} headingId={`p2-ro-${question.qNumber}`} />
          <h3 className="p2-subtitle">{t.answer}</h3>
          <p className="p2-answer-view">{question.userAnswer.trim() || t.noAnswer}</p>
        </section>
      ))}
    </div>
  );
}
