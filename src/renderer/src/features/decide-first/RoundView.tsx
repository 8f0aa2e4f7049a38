import { leaveGame, sendGameAnswer, type GameInfo, type GamePlayer, type GameQuestion } from '@shared/contract/decide-first';
import { answerInputOf, isAnswerComplete, type QuestionJson } from '@shared/domain/questions';
import { useState } from 'react';
import { ruDecideFirst } from '../../i18n/decide-first';
import { api } from '../../lib/api';
import { Button, ConfirmPopup, ErrorBox } from '../../ui';
import { AnswerInput } from '../../questions/AnswerInput';
import { answerToSend, normalizeAnswer, toQuestion } from '../../questions/logic';
import { QuestionBody } from '../../questions/QuestionBody';
import { useQuestionView } from '../../lib/question-view';
import { currentQuestion } from './logic';
import { Countdown, Scoreboard } from './Scoreboard';
import { useGameClock } from './use-game-clock';
import { messageOf } from '../../lib/error-text';

const t = ruDecideFirst;
interface ViewProps {
  info: GameInfo;
  players: GamePlayer[];
  questions: GameQuestion[];
  reload: () => Promise<void>;
}

/** ANSWERING: the round's question, the answer box, the server-synced countdown and the score. */
export function RoundView({ info, players, questions, reload }: ViewProps) {
  const left = useGameClock(info.gameId, info.timer, info.lastGameUpdate, () => void reload());
  const row = currentQuestion(info, questions);
  const json = toQuestion(row?.qJson);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  return (
    <div className="df-round">
      <div className="df-round__bar">
        <span className="df-round__progress" data-testid="df-round-title">
          {t.round.question(info.currentQNum, info.totalQuestions)}
        </span>
        <Countdown label={t.round.timeLeft} ms={left} urgent />
      </div>
      <div className="df-round__layout">
        <div className="df-round__main">
          {row && json ? (
            <AnswerStep key={`${info.gameId}:${row.qNum}`} info={info} row={row} question={json} reload={reload} />
          ) : (
            <ErrorBox message={t.loadError} onRetry={() => void reload()} retryLabel={t.retry} />
          )}
        </div>
        <aside className="df-round__side">
          <Scoreboard info={info} players={players} />
          <Button variant="ghost" size="sm" onClick={() => setLeaving(true)} data-testid="df-quit">
            {t.round.leave}
          </Button>
        </aside>
      </div>
      <ConfirmPopup
        open={leaving}
        title={t.round.leave}
        text={t.round.leaveConfirm}
        confirmLabel={t.round.leaveYes}
        cancelLabel={t.round.leaveNo}
        danger
        error={leaveError}
        onCancel={() => {
          setLeaving(false);
          setLeaveError(null);
        }}
        onConfirm={async () => {
          try {
            await api.call(leaveGame, { gameId: info.gameId }, { handleErrors: true });
            setLeaving(false);
            await reload();
          } catch (failure) {
            setLeaveError(t.error(messageOf(failure)));
          }
        }}
      />
    </div>
  );
}

type Outcome = 'won' | 'late' | 'wrong' | null;

function AnswerStep({ info, row, question, reload }: { info: GameInfo; row: GameQuestion; question: QuestionJson; reload: () => Promise<void> }) {
  const [view] = useQuestionView();
  const input = answerInputOf(question);
  const [answer, setAnswer] = useState(() => normalizeAnswer(input, ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Answered already (before a reload, or on another device): the answer is in, one per round.
  const answered = row.myAnswer !== '' || outcome !== null;
  const complete = isAnswerComplete(question, answer);

  const send = async () => {
    if (!complete || busy || answered) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await api.call(sendGameAnswer, { gameId: info.gameId, qNum: row.qNum, answer: answerToSend(input, answer) }, { handleErrors: true });
      setOutcome(reply.wonRound ? 'won' : reply.isRight ? 'late' : 'wrong');
    } catch (failure) {
      setError(t.error(messageOf(failure)));
    }
    setBusy(false);
    await reload();
  };

  return (
    <form
      className="ht-step df-step"
      aria-labelledby="df-question-title"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="ht-step__head">
        <h2 id="df-question-title" className="ht-step__title">
          {t.round.task(question.qEgeNum)}
        </h2>
        {row.qChapter && <span className="ht-tag ht-tag--muted">{row.qChapter}</span>}
        <span className="ht-tag">{t.round.points(row.realBall)}</span>
      </div>
      <QuestionBody question={question} view={view} />
      {answered ? (
        <p className={`df-outcome df-outcome--${outcome ?? 'sent'}`} role="status" data-testid="df-outcome">
          {outcome === 'won' ? t.round.won : outcome === 'late' ? t.round.tooLate : outcome === 'wrong' ? t.round.wrong : t.round.sent}
          {row.myAnswer && outcome === null && <span className="df-muted"> ({row.myAnswer})</span>}
        </p>
      ) : (
        <>
          <AnswerInput question={question} view={view} value={answer} onChange={setAnswer} disabled={busy} onSubmit={() => void send()} />
          <div className="ht-step__actions">
            <Button type="submit" loading={busy} disabled={!complete} data-testid="df-send">
              {t.round.send}
            </Button>
          </div>
        </>
      )}
      {error && (
        <p className="ht-step__error" role="alert" data-testid="df-answer-error">
          {error}
        </p>
      )}
    </form>
  );
}
