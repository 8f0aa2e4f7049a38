import { setAsDifficult } from '@shared/contract/homework';
import type { TrainP1Question, TrainP1Stats, TrainP1TestInfo } from '@shared/contract/train-p1';
import { useEffect, useRef, useState } from 'react';
import { ruTrainP1 } from '../../i18n/train-p1';
import { api } from '../../lib/api';
import { Button, Card, cx, Switch } from '../../ui';
import { toQuestion } from '../homework-p1/logic';
import { QuestionBody } from '../homework-p1/QuestionBody';
import { describeType, formatRatingChange, ratingTone } from './logic';

const t = ruTrainP1.result;
const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

export interface ResultViewProps {
  testInfo: TrainP1TestInfo;
  questions: TrainP1Question[];
  stats: TrainP1Stats;
  starting: boolean;
  startError: string | null;
  onAgain: () => void;
  onChoice: () => Promise<void>;
}

/** The last test's result: type, rating widget, per question chapter, rating change and difficult flag (§2). */
export function ResultView({ testInfo, questions, stats, starting, startError, onAgain, onChoice }: ResultViewProps) {
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const total = questions.reduce((sum, row) => sum + Number(row.ratingChange ?? 0), 0);
  const right = questions.filter((row) => row.user_ball !== null && row.user_answer !== '' && row.user_ball >= row.real_ball).length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const toChoice = async () => {
    setLeaving(true);
    setLeaveError(null);
    try {
      await onChoice();
    } catch (failure) {
      setLeaveError(ruTrainP1.error(messageOf(failure)));
      setLeaving(false);
    }
  };

  return (
    <div className="trp1-result">
      <Card className="trp1-result__head">
        <h2 className="trp1-result__title" ref={headingRef} tabIndex={-1}>
          {t.title}
        </h2>
        <dl className="trp1-result__facts">
          <div>
            <dt className="muted small">{t.type}</dt>
            <dd data-testid="trp1-result-type">{describeType(testInfo.testingType)}</dd>
          </div>
          <div>
            <dt className="muted small">{t.selfmade}</dt>
            <dd>{testInfo.includeSelfmade === '1' ? t.yes : t.no}</dd>
          </div>
          <div>
            <dt className="muted small">{t.rightTitle}</dt>
            <dd data-testid="trp1-result-right">{t.right(right, questions.length)}</dd>
          </div>
        </dl>
        <div className="trp1-result__rating" data-testid="trp1-result-total">
          <div>
            <span className="muted small">{t.total}</span>
            <strong className={cx('trp1-result__big', `trp1-rating--${ratingTone(total)}`)}>{formatRatingChange(total)}</strong>
          </div>
          <div>
            <span className="muted small">{ruTrainP1.stats.ratingMonth}</span>
            <strong className={cx('trp1-result__big', `trp1-rating--${ratingTone(stats.rating_thismonth)}`)}>{formatRatingChange(stats.rating_thismonth)}</strong>
          </div>
        </div>
      </Card>
      <ol className="trp1-result__list" data-testid="trp1-result-list">
        {questions.map((row) => (
          <ResultRow key={row.q_id} row={row} />
        ))}
      </ol>
      <div className="trp1-result__actions">
        <Button onClick={onAgain} loading={starting} disabled={leaving} data-testid="trp1-again">
          {t.again}
        </Button>
        <Button variant="secondary" onClick={() => void toChoice()} loading={leaving} disabled={starting} data-testid="trp1-to-choice">
          {t.toChoice}
        </Button>
      </div>
      {(startError || leaveError) && (
        <p className="trp1-error" role="alert">
          {startError ?? leaveError}
        </p>
      )}
    </div>
  );
}

function ResultRow({ row }: { row: TrainP1Question }) {
  const question = toQuestion(row.qJson);
  const answered = row.user_answer !== '';
  const isRight = answered && (row.user_ball ?? 0) >= row.real_ball;
  const descriptions = (row.qJson.descriptions ?? []).filter((text) => text.trim() !== '');
  return (
    <li className="trp1-row" data-testid={`trp1-row-${row.q_number}`}>
      <div className="trp1-row__main">
        <span className="trp1-row__number" aria-hidden="true">
          {row.q_number}
        </span>
        <span className="trp1-row__chapter">
          <span className="visually-hidden">{t.chapter}: </span>
          {row.q_chapter}
          <span className="muted small"> · {ruTrainP1.task(row.q_task_number)}</span>
        </span>
        <span className={cx('trp1-row__change', `trp1-rating--${ratingTone(row.ratingChange ?? 0)}`)} data-testid="trp1-change">
          <span className="visually-hidden">{t.ratingChange}: </span>
          {row.ratingChange === null ? t.notAnswered : formatRatingChange(row.ratingChange)}
        </span>
        <DifficultSwitch qId={row.q_id} initial={row.is_difficult === '1'} />
      </div>
      <details className="trp1-row__details">
        <summary>{t.details}</summary>
        <div className="trp1-row__body">
          {question && <QuestionBody question={question} view="text" />}
          <dl className="ht-detail__answers">
            <div>
              <dt>{t.yourAnswer}</dt>
              <dd className={isRight ? 'ht-right' : 'ht-wrong'}>{answered ? row.user_answer : t.noAnswer}</dd>
            </div>
            <div>
              <dt>{t.rightAnswer}</dt>
              <dd className="ht-right">{row.q_answer}</dd>
            </div>
          </dl>
          {(row.q_description || descriptions.length > 0) && (
            <div className="ht-detail__explanation">
              <h3>{t.explanation}</h3>
              {row.q_description && <p>{row.q_description}</p>}
              {descriptions.length > 0 && (
                <ul>
                  {descriptions.map((text, index) => (
                    <li key={index}>{text}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </details>
    </li>
  );
}

/** The difficult flag: saved at once; a failure reverts the switch and says why (learning §8). */
function DifficultSwitch({ qId, initial }: { qId: number; initial: boolean }) {
  const [checked, setChecked] = useState(initial);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const toggle = async (next: boolean) => {
    setChecked(next);
    setState({ kind: 'saving' });
    window.clearTimeout(timer.current);
    try {
      await api.call(setAsDifficult, { qId, isDifficult: next ? '1' : '0' }, { handleErrors: true });
      setState({ kind: 'saved' });
      timer.current = window.setTimeout(() => setState({ kind: 'idle' }), 2000);
    } catch (failure) {
      setChecked(!next);
      setState({ kind: 'error', message: t.difficultError(messageOf(failure)) });
    }
  };

  return (
    <div className="trp1-difficult" data-testid={`trp1-difficult-${qId}`}>
      <Switch checked={checked} disabled={state.kind === 'saving'} onChange={(next) => void toggle(next)} label={t.difficult} />
      <span className="trp1-difficult__state" aria-live="polite">
        {state.kind === 'saved' && <span className="ht-right small">{t.saved}</span>}
        {state.kind === 'error' && (
          <span className="ht-wrong small" role="alert">
            {state.message}
          </span>
        )}
      </span>
    </div>
  );
}
