import { useQuery } from '@tanstack/react-query';
import {
  cancelCheckQuestion2,
  checkLikecuratorFinish,
  checkQuestion2,
  getCheckQuestion2,
  getQuestion2,
  sendQuestion2,
  type AnswerMode,
  type CheckMode,
  type Part2Question,
  type TableType,
} from '@shared/contract/train-p2';
import { useEffect, useEffectEvent, useState } from 'react';
import { ruTrainP2 as t } from '../../i18n/train-p2';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { Button, EmptyState, ErrorBox, Loader, Popup } from '../../ui';
import { trainP2Queries } from './api';
import { CheckView, CheckViewAnother, CuratorCheckView, DecideView } from './AnswerViews';
import { ChoiceView, type Start } from './ChoiceView';
import { readChoice, type TrainP2Choice, writeChoice } from './logic';
import { CheckInfoView, CheckTableView } from './TableViews';
import '../../ui/field.css';
import '../homework-p2/homework-p2.css';
import './train-p2.css';
import { messageOf } from '../../lib/error-text';

/** Part 2 redirect delay after sending (learning §9). */
export const SENT_DELAY_MS = 1500;

type View =
  | { kind: 'choice' }
  | { kind: 'decide'; mode: AnswerMode; question: Part2Question }
  | { kind: 'selfCheck'; question: Part2Question; answer: string }
  | { kind: 'check'; mode: CheckMode; question: Part2Question; questionType: string }
  | { kind: 'curatorResult'; question: Part2Question; questionType: string }
  | { kind: 'table'; table: TableType }
  | { kind: 'info'; table: TableType; checkId: number }
  | { kind: 'sent'; text: string }
  | { kind: 'empty'; text: string };

/**
 * Training part 2 (learning §2 'Training part 2', §4): one screen swapping views. Every score and
 * permission is the server's; this screen only walks the student through the calls.
 */
export function TrainP2Page() {
  const available = useQuery(trainP2Queries.available());
  const [choice, setChoice] = useState(readChoice);
  const [view, setView] = useState<View>({ kind: 'choice' });
  const [busy, setBusy] = useState(false);
  /** An error popup; closing it in DecideView and CheckViewAnother returns to Choice (§8). */
  const [popup, setPopup] = useState<{ message: string; toChoice: boolean } | null>(null);

  // View changes scroll to top (§2).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [view.kind]);

  // 'Sent': shown for 1.5 s, then back to Choice with fresh counts.
  const backToChoice = useEffectEvent(() => toChoice());
  useEffect(() => {
    if (view.kind !== 'sent') return;
    const timer = window.setTimeout(backToChoice, SENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [view]);

  const changeChoice = (next: TrainP2Choice) => {
    setChoice(next);
    writeChoice(next);
  };
  const toChoice = () => {
    setView({ kind: 'choice' });
    void available.refetch();
  };
  // A dropped connection keeps the view, so a typed answer or check is not lost and can be sent again.
  const failed = (failure: unknown, leave: boolean) => setPopup({ message: t.error(messageOf(failure)), toChoice: leave && !(failure instanceof ApiError && failure.kind === 'transport') });

  /** Runs a call with the busy flag; a failure opens the popup. */
  const run = async (work: () => Promise<void>, leaveOnError: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      failed(failure, leaveOnError);
    } finally {
      setBusy(false);
    }
  };

  const claim = (mode: CheckMode, questionType: string) =>
    run(async () => {
      const { questionData } = await api.call(getCheckQuestion2, { askType: mode, questionType, include90Plus: '1' }, { handleErrors: true });
      setView(questionData ? { kind: 'check', mode, question: questionData, questionType } : { kind: 'empty', text: t.noChecks });
    }, false);

  const start = (request: Start) => {
    const mode = choice.mode;
    if (request.kind === 'check') return void claim(mode === 'checkLikeCurator' ? 'checkLikeCurator' : 'checkAnother', request.questionType);
    if (mode === 'checkLikeCurator') return;
    void run(async () => {
      // §5: the 90+ flag is always '1'; firstlyUnresolved only in classmates mode.
      const { questionData } = await api.call(
        getQuestion2,
        { askType: mode, questionType: request.questionType, include90Plus: '1', ...(mode === 'checkByClassmates' ? { firstlyUnresolved: choice.onlyUnsolved ? '1' : '0' } : {}) },
        { handleErrors: true },
      );
      setView(questionData ? { kind: 'decide', mode, question: questionData } : { kind: 'empty', text: t.noQuestions });
    }, false);
  };

  const data = available.data;
  return (
    <section className="screen trp2" aria-labelledby="trp2-title">
      <h1 id="trp2-title" className="trp2__title">
        {t.title}
      </h1>
      {available.isPending ? (
        <Loader />
      ) : available.isError && !data ? (
        <ErrorBox message={available.error instanceof ApiError && available.error.kind === 'failure' ? t.error(available.error.message) : t.loadError} onRetry={() => void available.refetch()} retryLabel={t.retry} />
      ) : !data ? null : view.kind === 'choice' ? (
        <ChoiceView available={data} choice={choice} onChange={changeChoice} onStart={start} onTable={(table) => setView({ kind: 'table', table })} busy={busy} />
      ) : view.kind === 'decide' ? (
        <DecideView
          key={view.question.q2Id}
          mode={view.mode}
          question={view.question}
          busy={busy}
          onBack={toChoice}
          onSend={(answer) => {
            if (view.mode === 'selfCheck') return setView({ kind: 'selfCheck', question: view.question, answer });
            const askType = view.mode;
            void run(async () => {
              await api.call(sendQuestion2, { askType, questionId: view.question.q2Id, userAnswer: answer }, { handleErrors: true });
              setView({ kind: 'sent', text: t.sent });
            }, true);
          }}
        />
      ) : view.kind === 'selfCheck' ? (
        <CheckView
          question={view.question}
          answer={view.answer}
          busy={busy}
          onBack={() => setView({ kind: 'decide', mode: 'selfCheck', question: view.question })}
          onCheck={({ score, comment }) =>
            void run(async () => {
              await api.call(checkQuestion2, { askType: 'selfCheck', checkData: { questionId: view.question.q2Id, checkBall: score, checkComment: comment, userAnswer: view.answer } }, { handleErrors: true });
              setView({ kind: 'sent', text: t.checkSent });
            }, false)
          }
        />
      ) : view.kind === 'check' ? (
        <CheckViewAnother
          question={view.question}
          busy={busy}
          submitLabel={view.mode === 'checkLikeCurator' ? t.finishCheck : t.sendCheck}
          onRefuse={() =>
            void run(async () => {
              await api.call(cancelCheckQuestion2, { q2Id: view.question.q2Id, studentId: view.question.studentId }, { handleErrors: true });
              toChoice();
            }, true)
          }
          onCheck={({ score, comment }) =>
            void run(async () => {
              if (view.mode === 'checkLikeCurator') {
                const { questionData } = await api.call(
                  checkLikecuratorFinish,
                  { askType: 'checkLikeCurator', checkData: { qNumber: view.question.qNumber, htNumber: view.question.htNumber, studentId: view.question.studentId, checkComment: comment, checkBall: score } },
                  { handleErrors: true },
                );
                setView({ kind: 'curatorResult', question: questionData, questionType: view.questionType });
                return;
              }
              await api.call(checkQuestion2, { askType: 'checkAnother', checkData: { questionId: view.question.q2Id, checkBall: score, checkComment: comment, checkVkId: view.question.studentId } }, { handleErrors: true });
              setView({ kind: 'sent', text: t.checkSent });
            }, true)
          }
        />
      ) : view.kind === 'curatorResult' ? (
        <CuratorCheckView question={view.question} busy={busy} onChoice={toChoice} onAgain={() => void claim('checkLikeCurator', view.questionType)} />
      ) : view.kind === 'table' ? (
        <CheckTableView table={view.table} onBack={toChoice} onOpen={(row) => setView({ kind: 'info', table: view.table, checkId: row.id })} />
      ) : view.kind === 'info' ? (
        <CheckInfoView table={view.table} checkId={view.checkId} onBack={() => setView({ kind: 'table', table: view.table })} />
      ) : view.kind === 'sent' ? (
        <p className="trp2-sent" role="status" data-testid="trp2-sent">
          {view.text}
        </p>
      ) : (
        <EmptyState
          text={view.text}
          action={
            <Button onClick={toChoice} autoFocus data-testid="trp2-empty-back">
              {t.toChoice}
            </Button>
          }
        />
      )}
      <Popup
        open={popup !== null}
        onClose={() => {
          if (popup?.toChoice) toChoice();
          setPopup(null);
        }}
        title={t.errorTitle}
        size="sm"
        actions={
          <Button
            onClick={() => {
              if (popup?.toChoice) toChoice();
              setPopup(null);
            }}
          >
            {t.close}
          </Button>
        }
      >
        <p role="alert" data-testid="trp2-error-popup">
          {popup?.message}
        </p>
      </Popup>
    </section>
  );
}
