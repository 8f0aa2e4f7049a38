import { type HomeworkP2Question, setSelfcheckResultHtP2 } from '@shared/contract/homework-p2';
import { useEffect, useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button } from '../../ui';
import { parseSelfScore } from './logic';
import { QuestionHead } from './QuestionHead';

/** How long the 'saved' feedback of a self-check score stays (learning §9). */
export const SELF_FEEDBACK_MS = 2500;

/** Self-check ('Самопров'): the student scores each task 0..max with a comment (learning §5). */
export function SelfCheckView({ htNum, questions, onReload }: { htNum: number; questions: HomeworkP2Question[]; onReload: () => void }) {
  return (
    <div className="p2-form" data-testid="p2-selfcheck">
      <p className="p2-note">{t.selfCheckHint}</p>
      {questions.map((question) => (
        <SelfCheckTask key={question.qNumber} htNum={htNum} question={question} onScored={onReload} />
      ))}
    </div>
  );
}

function SelfCheckTask({ htNum, question, onScored }: { htNum: number; question: HomeworkP2Question; onScored: () => void }) {
  const q = question.qNumber;
  const [score, setScore] = useState(question.isChecked === '1' && question.userBall !== null ? String(question.userBall) : '0');
  const [comment, setComment] = useState(question.isChecked === '1' ? question.teacherComment : '');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SELF_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const send = async () => {
    const parsed = parseSelfScore(score, question.realBall, { belowZero: t.selfBelowZero, overMax: t.selfOverMax, whole: t.selfWhole });
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await liveRequest(setSelfcheckResultHtP2, { dzNum: htNum, taskNum: q, checkComment: comment, checkBall: parsed.value });
      setSent(true);
      // Fresh data: the scored mark, and once every task is scored the server has moved the work to 'Проверен'.
      onScored();
    } catch (caught) {
      setError(t.selfSaveError + liveErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="p2-q" aria-labelledby={`p2-sc-${q}`} data-testid={`p2-self-${q}`}>
      <QuestionHead question={question} headingId={`p2-sc-${q}`} />
      <h3 className="p2-subtitle">{t.answer}</h3>
      <p className="p2-answer-view">{question.userAnswer.trim() || t.noAnswer}</p>
      <form
        className="p2-self"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="p2-self__score">
          <span>{t.selfScore(question.realBall)}</span>
          <input
            className="ui-field__control"
            type="number"
            inputMode="numeric"
            min={0}
            max={question.realBall}
            step={1}
            value={score}
            onChange={(event) => setScore(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? `p2-sc-err-${q}` : undefined}
            data-testid={`p2-self-score-${q}`}
          />
        </label>
        <label className="p2-self__comment">
          <span>{t.selfComment}</span>
          <textarea className="ui-field__control" rows={2} value={comment} onChange={(event) => setComment(event.target.value)} data-testid={`p2-self-comment-${q}`} />
        </label>
        <div className="p2-self__actions">
          <Button type="submit" loading={busy} data-testid={`p2-self-send-${q}`}>
            {t.selfSend}
          </Button>
          {question.isChecked === '1' && question.userBall !== null && <span className="p2-muted">{t.selfScored(question.userBall)}</span>}
          {sent && (
            <span className="p2-ok" role="status" data-testid={`p2-self-sent-${q}`}>
              {t.selfSent}
            </span>
          )}
        </div>
        {error && (
          <p id={`p2-sc-err-${q}`} className="p2-error" role="alert" data-testid={`p2-self-error-${q}`}>
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
