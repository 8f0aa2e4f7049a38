import type { TrainP1Question, TrainP1Stats, TrainP1TestInfo } from '@shared/contract/train-p1';
import { useEffect, useRef, useState } from 'react';
import { ruTrainP1 } from '../../i18n/train-p1';
import { Button, Card, cx } from '../../ui';
import { useQuestionView } from '../../lib/question-view';
import { resultTotals } from '../../questions/answer-result';
import { OwnDifficultSwitch } from '../../questions/DifficultSwitch';
import { QuestionResultBody, type QuestionResultTexts } from '../../questions/QuestionResultBody';
import { describeType, formatRatingChange, ratingTone } from './logic';
import { messageOf } from '../../lib/error-text';

const t = ruTrainP1.result;
export interface ResultViewProps {
  testInfo: TrainP1TestInfo;
  questions: TrainP1Question[];
  stats: TrainP1Stats;
  starting: boolean;
  startError: string | null;
  onAgain: () => void;
  onChoice: () => Promise<void>;
}

/** The last test's result: type, 90+ and self-made choices, rating widget, per question chapter, rating change and difficult flag (§2). */
export function ResultView({ testInfo, questions, stats, starting, startError, onAgain, onChoice }: ResultViewProps) {
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const total = questions.reduce((sum, row) => sum + Number(row.ratingChange ?? 0), 0);
  // Right answers are the fully right ones; points beside them show what one-mistake answers earned.
  const totals = resultTotals(questions);
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
            <dt className="muted small">{t.plus90}</dt>
            <dd data-testid="trp1-result-90plus">{testInfo.include90Plus === '1' ? t.yes : t.no}</dd>
          </div>
          <div>
            <dt className="muted small">{t.selfmade}</dt>
            <dd data-testid="trp1-result-selfmade">{testInfo.includeSelfmade === '1' ? t.yes : t.no}</dd>
          </div>
          <div>
            <dt className="muted small">{t.rightTitle}</dt>
            <dd data-testid="trp1-result-right">{t.right(totals.right, questions.length)}</dd>
          </div>
          <div>
            <dt className="muted small">{t.pointsTitle}</dt>
            <dd data-testid="trp1-result-points">{t.right(totals.points, totals.max)}</dd>
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
  const [view] = useQuestionView();
  return (
    <li className="trp1-row" data-testid={`trp1-row-${row.q_number}`}>
      <div className="trp1-row__main">
        <span className="qr-number" aria-hidden="true">
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
        <OwnDifficultSwitch qId={row.q_id} initial={row.is_difficult === '1'} label={t.difficult} savedText={t.saved} errorText={t.difficultError} testId={`trp1-difficult-${row.q_id}`} />
      </div>
      <details className="trp1-row__details">
        <summary>{t.details}</summary>
        <div className="trp1-row__body">
          <QuestionResultBody row={row} view={view} texts={RESULT_TEXTS} />
        </div>
      </details>
    </li>
  );
}

const RESULT_TEXTS: QuestionResultTexts = { yourAnswer: t.yourAnswer, rightAnswer: t.rightAnswer, noAnswer: t.noAnswer, explanation: t.explanation, noQuestion: t.noQuestion, points: t.pointsTitle };
