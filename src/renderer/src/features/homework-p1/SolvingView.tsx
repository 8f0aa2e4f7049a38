import type { HomeworkQuestionP1 } from '@shared/contract/homework-p1';
import { backwardQuestionHtP1Divided, sendHtP1Divided } from '@shared/contract/homework-p1';
import { answerInputOf, isAnswerComplete, type QuestionJson } from '@shared/domain/questions';
import { useState } from 'react';
import { ruHomeworkP1 } from '../../i18n/homework-p1';
import { api } from '../../lib/api';
import { Button, ErrorBox, ProgressBar } from '../../ui';
import { useQuestionView } from '../../lib/question-view';
import { AnswerInput } from '../../questions/AnswerInput';
import { DRAFT_NAMES } from '../../lib/drafts';
import { useDraftState } from '../../lib/drafts/use-draft';
import { answerToSend, normalizeAnswer, toQuestion } from '../../questions/logic';
import { QuestionBody } from '../../questions/QuestionBody';

const t = ruHomeworkP1.p1;

export interface SolvingInfo {
  htNum: number;
  dop: '0' | '1';
  now: number;
  last: number;
  total: number;
}

/** One question at a time: progress, question, answer input, Continue and the step back (§2, §5). */
export function SolvingView({ info, question, reload }: { info: SolvingInfo; question: HomeworkQuestionP1 | undefined; reload: () => Promise<unknown> }) {
  const json = toQuestion(question?.qJson);
  const progress = info.total > 0 ? ((info.now - 1) / info.total) * 100 : 0;
  return (
    <div className="ht-solving">
      <ProgressBar value={progress} label={t.progress(info.now, info.total)} valueText={`${Math.round(progress)}%`} showValue={false} size="sm" />
      {question && json ? (
        // Keyed by the question: a new question starts with its own draft and no old error.
        <QuestionStep key={`${info.htNum}-${info.dop}-${question.q_number}`} info={info} row={question} question={json} reload={reload} />
      ) : (
        <ErrorBox message={t.noQuestion} onRetry={() => void reload()} />
      )}
    </div>
  );
}

function QuestionStep({ info, row, question, reload }: { info: SolvingInfo; row: HomeworkQuestionP1; question: QuestionJson; reload: () => Promise<unknown> }) {
  const [view] = useQuestionView();
  const input = answerInputOf(question);
  // The answer being typed is the user's draft in the offline store, so a reload keeps it.
  const [answer, change, clearDraft] = useDraftState(DRAFT_NAMES.p1(info.htNum, info.dop, row.q_number), normalizeAnswer(input, row.user_answer), (stored) =>
    typeof stored === 'string' ? normalizeAnswer(input, stored) : null,
  );
  const [busy, setBusy] = useState<'send' | 'back' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const complete = isAnswerComplete(question, answer);
  const canStepBack = info.now > 1 && info.now === info.last;
  const isLast = row.q_number >= info.total;

  const send = async () => {
    if (!complete || busy) return;
    setBusy('send');
    setError(null);
    try {
      await api.call(sendHtP1Divided, { htNum: info.htNum, isDopPart: info.dop, questionNum: row.q_number, userAnswer: answerToSend(input, answer) }, { handleErrors: true });
      clearDraft();
    } catch (failure) {
      setError(t.sendError(failure instanceof Error ? failure.message : String(failure)));
    }
    // The server decides what comes next (next question, results, or the part ended by time).
    await reload().catch(() => undefined);
    setBusy(null);
  };

  const stepBack = async () => {
    if (busy) return;
    setBusy('back');
    setError(null);
    try {
      await api.call(backwardQuestionHtP1Divided, { htNum: info.htNum, isDopPart: info.dop, tempUserAnswer: answerToSend(input, answer) }, { handleErrors: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
    await reload().catch(() => undefined);
    setBusy(null);
  };

  return (
    <form
      className="ht-step"
      aria-labelledby="ht-question-title"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="ht-step__head">
        <h2 id="ht-question-title" className="ht-step__title">
          {t.question(row.q_number)}
        </h2>
        <span className="ht-tag">{t.taskNumber(row.q_task_number)}</span>
        {row.q_chapter && <span className="ht-tag ht-tag--muted">{row.q_chapter}</span>}
      </div>
      <QuestionBody question={question} view={view} />
      <AnswerInput question={question} view={view} value={answer} onChange={change} disabled={busy !== null} onSubmit={() => void send()} />
      <div className="ht-step__actions">
        {canStepBack && (
          <Button variant="secondary" loading={busy === 'back'} disabled={busy === 'send'} onClick={() => void stepBack()} data-testid="ht-previous">
            {t.previous}
          </Button>
        )}
        <Button type="submit" loading={busy === 'send'} disabled={!complete || busy === 'back'} data-testid="ht-continue">
          {isLast ? t.finish : t.continue}
        </Button>
      </div>
      {error && (
        <p className="ht-step__error" role="alert" data-testid="ht-send-error">
          {error}
        </p>
      )}
    </form>
  );
}
