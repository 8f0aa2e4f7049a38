import { sendZachetAuto } from '@shared/contract/credits';
import { answerInputOf, isAnswerComplete, type QuestionJson } from '@shared/domain/questions';
import { useEffect, useRef, useState } from 'react';
import { ruCredits } from '../../i18n/credits';
import { api } from '../../lib/api';
import { failureReason, isConnectionFailure } from '../../lib/error-text';
import { newOpId } from '../../lib/op-id';
import { useOnline } from '../../lib/use-online';
import { Button, cx, ErrorBox, ProgressBar } from '../../ui';
import { AnswerInput } from '../../questions/AnswerInput';
import { DRAFT_NAMES } from '../../lib/drafts';
import { useDraftState } from '../../lib/drafts/use-draft';
import { answerToSend, normalizeAnswer, toQuestion } from '../../questions/logic';
import { QuestionBody } from '../../questions/QuestionBody';
import { useQuestionView } from '../../lib/question-view';
import { answeredCount, currentQuestion, nextUnanswered } from './logic';
import type { QueuedCreditAnswer } from './offline/credit-outbox';
import { queueAnswerDurably, useQueuedCreditAnswers } from './offline/use-credit-outbox';
import type { CreditData, CreditQuestion } from './types';

const t = ruCredits.auto;

/**
 * The running attempt: a navigator over the questions (answered ones marked) and one question at a
 * time. Answers go in any order, each once; after a send the next unanswered question opens, and the
 * last answer ends the attempt (the reload then shows the result).
 */
export function CreditSolvingView({ num, data, timeUp, reload }: { num: number; data: CreditData; timeUp: boolean; reload: () => Promise<unknown> }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const attempt = data.zachetInfo.zu_popitka;
  const online = useOnline();
  // Answers given without a connection wait on the device: for moving on they count as given.
  const queued = useQueuedCreditAnswers(num, attempt);
  const questions = data.questions.map((item) => (queued.has(item.q_num) && item.answered !== '1' ? { ...item, answered: '1' as const } : item));
  const current = currentQuestion(questions, chosen);
  const row = questions.find((item) => item.q_num === current);
  const answered = answeredCount(questions);

  return (
    <div className="ht-solving credit-solving">
      {(!online || queued.size > 0) && (
        <div className="credit-offline" role="status" data-testid="credit-offline">
          <p>{t.savedOnDevice}</p>
          <p>{t.timerRuns}</p>
        </div>
      )}
      <nav className="credit-nav" aria-label={t.navigator}>
        <ProgressBar value={questions.length ? (answered / questions.length) * 100 : 0} label={t.answeredCount(answered, questions.length)} showValue={false} size="sm" />
        <ol className="credit-nav__list">
          {questions.map((item) => {
            const done = item.answered === '1';
            const waiting = queued.has(item.q_num) && data.questions.find((original) => original.q_num === item.q_num)?.answered !== '1';
            const open = item.q_num === current;
            return (
              <li key={item.q_num}>
                <button
                  type="button"
                  className={cx('credit-nav__item', done && 'is-answered', waiting && 'is-queued', open && 'is-current')}
                  aria-current={open ? 'step' : undefined}
                  aria-label={t.navQuestion(item.q_num, done, open)}
                  onClick={() => setChosen(item.q_num)}
                  data-testid={`credit-nav-${item.q_num}`}
                  data-answered={done ? '1' : '0'}
                  data-queued={waiting ? '1' : undefined}
                >
                  {item.q_num}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {timeUp && (
        <p className="credit-time-up" role="status">
          {t.timeUp}
        </p>
      )}
      {row ? (
        // Keyed by attempt and question: each question starts with its own draft and no old error.
        <CreditQuestionStep
          key={`${attempt}-${row.q_num}`}
          num={num}
          attempt={attempt}
          row={row}
          queued={data.questions.find((original) => original.q_num === row.q_num)?.answered === '1' ? undefined : queued.get(row.q_num)}
          isLastOpen={row.answered !== '1' && answered === questions.length - 1}
          autoFocus={chosen !== null}
          reload={reload}
          onNext={(after) => setChosen(nextUnanswered(questions, after))}
          onQueued={(queuedNum) => setChosen(nextUnanswered(questions.map((item) => (item.q_num === queuedNum ? { ...item, answered: '1' as const } : item)), queuedNum) ?? queuedNum)}
          onSent={async (sentNum) => {
            // The server is the judge of what is answered; the next unanswered one follows its answer.
            const fresh = (await reload().catch(() => undefined)) as { data?: CreditData } | undefined;
            setChosen(nextUnanswered(fresh?.data?.questions ?? questions.map((item) => (item.q_num === sentNum ? { ...item, answered: '1' as const } : item)), sentNum));
          }}
        />
      ) : (
        <ErrorBox message={t.noQuestion} onRetry={() => void reload()} />
      )}
    </div>
  );
}

interface StepProps {
  num: number;
  attempt: number;
  row: CreditQuestion;
  /** The answer given without a connection, waiting on the device. */
  queued: QueuedCreditAnswer | undefined;
  isLastOpen: boolean;
  autoFocus: boolean;
  onNext: (after: number) => void;
  onSent: (qNum: number) => Promise<void>;
  /** The answer found no connection and waits on the device. */
  onQueued: (qNum: number) => void;
  reload: () => Promise<unknown>;
}

function CreditQuestionStep(props: StepProps) {
  const json = toQuestion(props.row.question.qJson);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A question opened from the navigator or after a send takes the focus (not the first one shown).
  const { autoFocus } = props;
  useEffect(() => {
    if (autoFocus) headingRef.current?.focus();
  }, [autoFocus]);
  const row = props.row;
  return (
    <section className="ht-step credit-step" aria-labelledby="credit-question-title">
      <div className="ht-step__head">
        <h2 id="credit-question-title" className="ht-step__title" ref={headingRef} tabIndex={-1}>
          {t.question(row.q_num)}
        </h2>
        <span className="ht-tag">{t.taskNumber(row.question.q_task_number)}</span>
        {row.question.q_chapter && <span className="ht-tag ht-tag--muted">{row.question.q_chapter}</span>}
      </div>
      {json ? <StepBody {...props} question={json} /> : <ErrorBox message={t.noQuestion} />}
    </section>
  );
}

function StepBody({ num, attempt, row, queued, isLastOpen, onNext, onSent, onQueued, reload, question }: StepProps & { question: QuestionJson }) {
  const [view] = useQuestionView();
  const input = answerInputOf(question);
  // Per credit, attempt and question, in the user's drafts: a reload or a restart keeps it.
  const [answer, change, clearDraft] = useDraftState(DRAFT_NAMES.credit(num, attempt, row.q_num), normalizeAnswer(input, ''), (stored) =>
    typeof stored === 'string' ? normalizeAnswer(input, stored) : null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One operation id per answer given: sent again after a lost reply, it is answered «уже применено».
  const opRef = useRef<{ answer: string; opId: string } | null>(null);
  const done = row.answered === '1' && !queued;
  const complete = isAnswerComplete(question, answer);

  const send = async () => {
    if (!complete || busy || done) return;
    setBusy(true);
    setError(null);
    const userAnswer = answerToSend(input, answer);
    if (opRef.current?.answer !== userAnswer) opRef.current = { answer: userAnswer, opId: newOpId() };
    const send = { zachetNum: num, questionNum: row.q_num, userAnswer, opId: opRef.current.opId };
    try {
      await api.call(sendZachetAuto, send, { handleErrors: true });
      clearDraft();
      await onSent(row.q_num);
    } catch (failure) {
      // No connection: the answer waits on the device and goes by itself when the connection returns.
      if (isConnectionFailure(failure) && (await queueAnswerDurably(send, attempt))) {
        clearDraft();
        setBusy(false);
        onQueued(row.q_num);
        return;
      }
      setError(t.sendError(failureReason(failure)));
      // A refusal may mean the attempt ended (time is up, another device): follow the server.
      await reload().catch(() => undefined);
    }
    setBusy(false);
  };

  // Answered: accepted by the server, or waiting on the device for the connection («Не отправлено»).
  if (queued || done) {
    return (
      <>
        <QuestionBody question={question} view="text" />
        <p className={queued ? 'credit-accepted credit-accepted--queued' : 'credit-accepted'} data-testid={queued ? 'credit-queued' : 'credit-accepted'}>
          <span className={queued ? 'ht-tag ht-tag--muted' : 'ht-tag'}>{queued ? t.notSent : t.accepted}</span>
          <span>
            <span className="muted small">{t.yourAnswer}: </span>
            <strong>{queued ? queued.input.userAnswer : row.question.user_answer}</strong>
          </span>
        </p>
        <div className="ht-step__actions">
          <Button variant="secondary" onClick={() => onNext(row.q_num)} data-testid="credit-to-next">
            {t.toNext}
          </Button>
        </div>
      </>
    );
  }

  return (
    <form
      className="credit-step__form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <QuestionBody question={question} view={view} />
      <AnswerInput question={question} view={view} value={answer} onChange={change} disabled={busy} onSubmit={() => void send()} />
      {isLastOpen && <p className="muted small">{t.lastHint}</p>}
      <div className="ht-step__actions">
        <Button type="submit" loading={busy} disabled={!complete} data-testid="credit-send">
          {isLastOpen ? t.sendLast : t.send}
        </Button>
      </div>
      {error && (
        <p className="ht-step__error" role="alert" data-testid="credit-send-error">
          {error}
        </p>
      )}
    </form>
  );
}
