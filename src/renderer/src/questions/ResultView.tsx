import type { HomeworkQuestionP1 } from '@shared/contract/homework-p1';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { ruHomeworkP1 } from '../i18n/homework-p1';
import { Button, Card, cx } from '../ui';
import { useQuestionView } from '../lib/question-view';
import { isRightAnswer } from './answer-result';
import { DifficultSwitch as SharedDifficultSwitch } from './DifficultSwitch';
import { QuestionResultBody, type QuestionResultTexts } from './QuestionResultBody';
import { scoreTone } from './logic';

const t = ruHomeworkP1.p1;

export interface ResultViewProps {
  score: number;
  max: number;
  questions: HomeworkQuestionP1[];
  /** The points card; screens with their own summary (automatic credits) leave it out. */
  showScore?: boolean;
  /** The difficult flag's failure text (homework's by default). */
  difficultError?: (message: string) => string;
}

/** Results: a general summary, or one question in detail (§2 'Homework part 1'; reused by automatic credits). */
export function ResultView({ score, max, questions, showScore = true, difficultError = t.difficultError }: ResultViewProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const current = selected === null ? undefined : questions[selected];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [flags, setFlags] = useState<Record<number, boolean>>(() => Object.fromEntries(questions.map((row) => [row.q_id, row.is_difficult === '1'])));
  const flag = (row: HomeworkQuestionP1) => ({ checked: flags[row.q_id] ?? false, setChecked: (next: boolean) => setFlags((all) => ({ ...all, [row.q_id]: next })), errorText: difficultError });
  // Moving between summary and detail puts focus on the new heading (not on first show).
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) headingRef.current?.focus();
    shown.current = true;
  }, [selected]);

  return (
    <div className="ht-result">
      {showScore && (
        <Card className="ht-result__score">
          <span className="ht-result__label">{t.points}</span>
          <span className={cx('ht-score', `ht-score--${scoreTone(score, max)}`)} data-testid="ht-score">
            {score} / {max}
          </span>
        </Card>
      )}
      {current ? (
        <>
          <div className="ht-result__nav">
            <Button variant="secondary" size="sm" onClick={() => setSelected(null)} data-testid="ht-to-summary">
              {t.toSummary}
            </Button>
            <span className="ht-result__nav-spacer" />
            <span className="ht-result__pager">
              <Button variant="ghost" size="sm" disabled={selected === 0} onClick={() => setSelected((at) => Math.max(0, (at ?? 0) - 1))}>
                {t.prevQuestion}
              </Button>
              <Button variant="ghost" size="sm" disabled={selected === questions.length - 1} onClick={() => setSelected((at) => Math.min(questions.length - 1, (at ?? 0) + 1))}>
                {t.nextQuestion}
              </Button>
            </span>
          </div>
          <QuestionDetail key={current.q_id} row={current} headingRef={headingRef} flag={flag(current)} />
        </>
      ) : (
        <Card as="section" title={<span ref={headingRef} tabIndex={-1}>{t.summary}</span>} className="ht-summary">
          <ol className="ht-summary__list" data-testid="ht-summary">
            {questions.map((row, index) => (
              <li key={row.q_id} className="ht-summary__item">
                <button type="button" className="ht-summary__open" onClick={() => setSelected(index)}>
                  <span className="visually-hidden">{t.open(row.q_number)}</span>
                  <span className="qr-number ht-summary__number" aria-hidden="true">
                    {row.q_number}
                  </span>
                  <span className="ht-summary__answers">
                    <span>
                      <span className="muted small">{t.yourAnswer}: </span>
                      <strong className={cx(isRightAnswer(row) ? 'ht-right' : 'ht-wrong')}>{row.user_answer || t.noAnswer}</strong>
                    </span>
                    <span>
                      <span className="muted small">{t.rightAnswer}: </span>
                      <strong>{row.q_answer}</strong>
                    </span>
                  </span>
                  <span className={cx('ht-points', `ht-score--${scoreTone(row.user_ball ?? 0, row.real_ball)}`)}>
                    {row.user_ball ?? 0} / {row.real_ball}
                  </span>
                </button>
                <DifficultSwitch row={row} {...flag(row)} />
              </li>
            ))}
          </ol>
        </Card>
      )}
    </div>
  );
}

function QuestionDetail({ row, headingRef, flag }: { row: HomeworkQuestionP1; headingRef: RefObject<HTMLHeadingElement | null>; flag: FlagState }) {
  const [view] = useQuestionView();
  return (
    <Card as="article" className="ht-detail">
      <div className="ht-step__head">
        <h2 className="ht-step__title" ref={headingRef} tabIndex={-1}>
          {t.question(row.q_number)}
        </h2>
        <span className="ht-tag">{t.taskNumber(row.q_task_number)}</span>
        {row.q_chapter && <span className="ht-tag ht-tag--muted">{row.q_chapter}</span>}
        <span className="ht-result__nav-spacer" />
        <DifficultSwitch row={row} {...flag} />
      </div>
      <QuestionResultBody row={row} view={view} texts={RESULT_TEXTS} />
    </Card>
  );
}

const RESULT_TEXTS: QuestionResultTexts = {
  yourAnswer: t.yourAnswer,
  rightAnswer: t.rightAnswer,
  noAnswer: t.noAnswer,
  explanation: t.explanation,
  noQuestion: t.noQuestion,
  otherAnswers: t.otherAnswers,
  points: t.points,
};

interface FlagState {
  checked: boolean;
  setChecked: (next: boolean) => void;
  errorText: (message: string) => string;
}

function DifficultSwitch({ row, checked, setChecked, errorText }: { row: HomeworkQuestionP1 } & FlagState) {
  return <SharedDifficultSwitch qId={row.q_id} checked={checked} setChecked={setChecked} label={t.difficult} savedText={t.saved} errorText={errorText} testId={`ht-difficult-${row.q_number}`} />;
}
