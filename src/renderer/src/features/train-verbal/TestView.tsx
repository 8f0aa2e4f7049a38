import { useId, useState } from 'react';
import { sendVerbalAnswer, type VerbalQuestion } from '@shared/contract/train-verbal';
import { ruTrainVerbal } from '../../i18n/train-verbal';
import { api } from '../../lib/api';
import { Button, Card, ErrorBox } from '../../ui';

const t = ruTrainVerbal;

export interface TestViewProps {
  question: VerbalQuestion;
  onNext: () => void;
  onBack: () => void;
  busy: boolean;
}

/** One question: the answer box; after sending, my answer beside the right one. */
export function TestView({ question, onNext, onBack, busy }: TestViewProps) {
  const [answer, setAnswer] = useState('');
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await api.call(sendVerbalAnswer, { questionId: question.questionId, userAnswer: answer }, { handleErrors: true });
      setSent(true);
    } catch (failure) {
      setError(t.sendError(failure instanceof Error ? failure.message : String(failure)));
    }
    setSending(false);
  };

  return (
    <Card className="trv__test">
      <div className="trv__stack">
        <h2 className="trv__subtitle">
          {t.question}
          {question['90plus'] === '1' && <span className="trv__badge">{t.badge90}</span>}
        </h2>
        <p className="trv__question" data-testid="trv-question">
          {question.question}
        </p>
        {!sent ? (
          <>
            <label className="ui-field__label" htmlFor={fieldId}>
              {t.answerLabel}
            </label>
            <textarea
              id={fieldId}
              className="trv__textarea"
              value={answer}
              placeholder={t.answerPlaceholder}
              rows={6}
              maxLength={5000}
              onChange={(event) => setAnswer(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
              }}
            />
            {error && <ErrorBox message={error} />}
            <div className="trv__actions">
              <Button variant="secondary" onClick={onBack}>
                {t.back}
              </Button>
              <Button onClick={() => void send()} disabled={sending}>
                {t.send}
              </Button>
            </div>
          </>
        ) : (
          <>
            <div className="trv__compare">
              <section>
                <h3 className="trv__subtitle">{t.myAnswer}</h3>
                <p className="trv__answer-text" data-testid="trv-my-answer">
                  {answer.trim() || t.emptyAnswer}
                </p>
              </section>
              <section>
                <h3 className="trv__subtitle">{t.rightAnswer}</h3>
                <p className="trv__answer-text trv__answer-text--right" data-testid="trv-right-answer">
                  {question.answer}
                </p>
              </section>
            </div>
            <div className="trv__actions">
              <Button variant="secondary" onClick={onBack}>
                {t.back}
              </Button>
              <Button onClick={onNext} disabled={busy}>
                {t.next}
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
