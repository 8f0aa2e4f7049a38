import { setAnswerSet, type TrainP1Question } from '@shared/contract/train-p1';
import { answerInputOf, isAnswerComplete, type QuestionJson } from '@shared/domain/questions';
import { useState } from 'react';
import { ruTrainP1 } from '../../i18n/train-p1';
import { api } from '../../lib/api';
import { Button, ConfirmPopup, cx, ErrorBox, ProgressBar } from '../../ui';
import { AnswerInput } from '../../questions/AnswerInput';
import { answerToSend, normalizeAnswer, toQuestion } from '../../questions/logic';
import { QuestionBody } from '../../questions/QuestionBody';
import { useQuestionView } from '../../lib/question-view';
import { currentQuestionIndex, formatRatingChange, ratingTone } from './logic';
import { messageOf } from '../../lib/error-text';

const t = ruTrainP1;
/** One question at a time in the user's question view, with progress (learning §2, Decide). */
export function DecideView({ questions, reload, onLeave }: { questions: TrainP1Question[]; reload: () => Promise<unknown>; onLeave: () => Promise<void> }) {
  const index = currentQuestionIndex(questions);
  const row = questions[index];
  const json = toQuestion(row?.qJson);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const progress = questions.length > 0 ? (index / questions.length) * 100 : 0;
  return (
    <div className="trp1-decide">
      <div className="trp1-decide__bar">
        <ProgressBar value={progress} label={t.decide.progress(Math.min(index + 1, questions.length), questions.length)} valueText={`${Math.round(progress)}%`} showValue={false} size="sm" />
        <Button variant="ghost" size="sm" onClick={() => setLeaving(true)} data-testid="trp1-leave">
          {t.decide.leave}
        </Button>
      </div>
      {row && json ? (
        <QuestionStep key={row.q_id} row={row} question={json} isLast={index === questions.length - 1} reload={reload} />
      ) : (
        <ErrorBox message={t.loadError} onRetry={() => void reload()} retryLabel={t.retry} />
      )}
      <ConfirmPopup
        open={leaving}
        title={t.decide.leave}
        text={t.decide.leaveConfirm}
        confirmLabel={t.decide.leaveYes}
        cancelLabel={t.decide.leaveNo}
        error={leaveError}
        onCancel={() => {
          setLeaving(false);
          setLeaveError(null);
        }}
        onConfirm={async () => {
          try {
            await onLeave();
            setLeaving(false);
          } catch (failure) {
            setLeaveError(t.error(messageOf(failure)));
          }
        }}
      />
    </div>
  );
}

function QuestionStep({ row, question, isLast, reload }: { row: TrainP1Question; question: QuestionJson; isLast: boolean; reload: () => Promise<unknown> }) {
  const [view] = useQuestionView();
  const input = answerInputOf(question);
  const [answer, setAnswer] = useState(() => normalizeAnswer(input, ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = isAnswerComplete(question, answer);

  const send = async () => {
    if (!complete || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.call(setAnswerSet, { qId: row.q_id, userAnswer: answerToSend(input, answer), finishTest: isLast ? '1' : '0' }, { handleErrors: true });
    } catch (failure) {
      setError(t.error(messageOf(failure)));
      setBusy(false);
      return;
    }
    // The server decides what comes next: the next question or the result.
    await reload().catch(() => undefined);
    setBusy(false);
  };

  return (
    <form
      className="ht-step trp1-step"
      aria-labelledby="trp1-question-title"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="ht-step__head">
        <h2 id="trp1-question-title" className="ht-step__title">
          {t.task(row.q_task_number)}
        </h2>
        {row.q_chapter && <span className="ht-tag ht-tag--muted">{row.q_chapter}</span>}
        <span className="trp1-spacer" />
        <span className="trp1-qrating small" data-testid="trp1-qrating">
          <span className="muted">{t.decide.qRating}: </span>
          <strong className={`trp1-rating--${ratingTone(row.qRating)}`}>{formatRatingChange(row.qRating)}</strong>
        </span>
      </div>
      <QuestionBody question={question} view={view} />
      <AnswerInput question={question} view={view} value={answer} onChange={setAnswer} disabled={busy} onSubmit={() => void send()} />
      <div className="ht-step__actions">
        <Button type="submit" loading={busy} disabled={!complete} data-testid="trp1-answer">
          {isLast ? t.decide.finish : t.decide.next}
        </Button>
      </div>
      {error && (
        <p className={cx('ht-step__error')} role="alert" data-testid="trp1-answer-error">
          {error}
        </p>
      )}
    </form>
  );
}
