import { type HomeworkP2Question, htToMistakeWorkP2, setAsDifficult2 } from '@shared/contract/homework-p2';
import { useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { Button, ConfirmPopup, PersonLink, Popup } from '../../ui';
import { DifficultSwitch } from '../../questions/DifficultSwitch';
import { AnswerWithSegments } from './AnswerWithSegments';
import { ErrorPopup } from './ErrorPopup';
import { QuestionHead } from './QuestionHead';
import { ScoreBadge } from './ScoreBadge';

interface ResultsViewProps {
  htNum: number;
  dop: '0' | '1';
  /** The checked status and points, told in the mistake-work question (what changes, what stays). */
  status: string;
  points: number | null;
  maxPoints: number;
  checker: string;
  checkerName: string;
  mistakeWorkAvailable: boolean;
  questions: HomeworkP2Question[];
  onReload: () => void;
}

/** Checked work: a card per question and a popup with the checker's marks for one (learning §2, §3). */
export function ResultsView(props: ResultsViewProps) {
  const [openQ, setOpenQ] = useState<number | null>(null);
  const [confirmMistakeWork, setConfirmMistakeWork] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = props.questions.find((q) => q.qNumber === openQ);
  // Held here so reopening a question's popup shows the flag as last saved.
  const [difficult, setDifficult] = useState<Record<number, boolean>>(() => Object.fromEntries(props.questions.map((q) => [q.qId, q.isDifficult === '1'])));

  // Asked first (it turns a checked work back into one in progress); confirmed, it starts.
  const startMistakeWork = async () => {
    try {
      await api.call(htToMistakeWorkP2, { htNum: props.htNum, isDopPart: props.dop }, { handleErrors: true });
      setConfirmMistakeWork(false);
      props.onReload();
    } catch (caught) {
      setConfirmMistakeWork(false);
      setError(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.mistakeWorkError + (caught instanceof Error ? caught.message : String(caught)));
    }
  };

  return (
    <section className="p2-results" aria-labelledby="p2-results-title">
      <div className="p2-results__head">
        <h2 id="p2-results-title" className="p2-section-title">
          {t.resultsTitle}
        </h2>
        {props.checker !== '' && (
          <p className="p2-muted">
            {t.checker}: <PersonLink userKey={props.checker} name={props.checkerName} testId="p2-checker" />
          </p>
        )}
        {props.mistakeWorkAvailable && (
          <Button type="button" variant="secondary" onClick={() => setConfirmMistakeWork(true)} data-testid="p2-mistake-work">
            {t.startMistakeWork}
          </Button>
        )}
      </div>
      <ul className="p2-cards">
        {props.questions.map((question) => (
          <li key={question.qNumber}>
            <button type="button" className="p2-card" onClick={() => setOpenQ(question.qNumber)} data-testid={`p2-card-${question.qNumber}`}>
              <span className="p2-card__top">
                <span className="p2-card__num">
                  {t.question(question.qNumber)}
                  {question.q2ObyazDz === '1' && <span className="p2-q__star">*</span>}
                </span>
                <span className="ht-tag">{t.task(question.qTaskNumber)}</span>
                <ScoreBadge ball={question.userBall} max={question.realBall} testId={`p2-card-score-${question.qNumber}`} />
              </span>
              <span className="p2-card__text">{question.q2QuestionNoBr}</span>
              <span className="p2-card__more">{t.open}</span>
            </button>
          </li>
        ))}
      </ul>
      <Popup open={open !== undefined} onClose={() => setOpenQ(null)} title={open ? `${t.question(open.qNumber)}${open.q2ObyazDz === '1' ? '*' : ''}` : ''} size="lg" className="p2-popup">
        {open && (
          <div className="p2-popup__body" data-testid="p2-popup">
            <QuestionHead question={open} headingId="p2-popup-q" inPopup />
            <div className="p2-popup__row">
              <span>{t.score}:</span> <ScoreBadge ball={open.userBall} max={open.realBall} testId="p2-popup-score" />
              {props.checker !== '' && (
                <span className="p2-muted">
                  {t.checker}: <PersonLink userKey={props.checker} name={props.checkerName} testId="p2-checker" />
                </span>
              )}
            </div>
            <CriteriaPointsList question={open} />
            <DifficultSwitch
              qId={open.qId}
              checked={difficult[open.qId] ?? false}
              setChecked={(next) => setDifficult((all) => ({ ...all, [open.qId]: next }))}
              label={t.difficult}
              savedText={t.difficultSaved}
              errorText={t.difficultError}
              testId="p2-difficult"
              save={saveDifficult}
            />
            <h3 className="p2-subtitle">{t.answer}</h3>
            <AnswerWithSegments text={open.userAnswer} segments={open.teacherJson} />
            <h3 className="p2-subtitle">{t.teacherComment}</h3>
            <p className="p2-comment" data-testid="p2-teacher-comment">
              {open.teacherComment.trim() || t.noComment}
            </p>
          </div>
        )}
      </Popup>
      <ConfirmPopup
        open={confirmMistakeWork}
        title={t.mistakeConfirmTitle}
        text={
          <ul className="p2-confirm-list" data-testid="p2-mistake-confirm">
            <li>{t.mistakeConfirmStatus(props.status)}</li>
            <li>{t.mistakeConfirmPoints(props.points, props.maxPoints)}</li>
            <li>{t.mistakeConfirmRoad}</li>
            <li>{t.mistakeConfirmTime}</li>
          </ul>
        }
        confirmLabel={t.mistakeConfirmYes}
        cancelLabel={t.cancel}
        onConfirm={startMistakeWork}
        onCancel={() => setConfirmMistakeWork(false)}
      />
      <ErrorPopup message={error} onClose={() => setError(null)} />
    </section>
  );
}

/** The checked task's points per ФИПИ criterion (nothing when it was scored as a whole). */
function CriteriaPointsList({ question }: { question: HomeworkP2Question }) {
  const balls = question.criteriaBalls ?? {};
  const criteria = question.criteria ?? [];
  if (criteria.length === 0 || Object.keys(balls).length === 0) return null;
  return (
    <section className="p2-criteria" aria-label={t.criteria}>
      <h3 className="p2-subtitle">{t.criteria}</h3>
      <ul className="p2-criteria__list" data-testid="p2-criteria">
        {criteria.map((criterion) => (
          <li key={criterion.num} className="p2-criteria__item" data-testid={`p2-criterion-${criterion.num}`}>
            <span className="p2-criteria__code">{criterion.code}</span>
            <span className="p2-criteria__name">{criterion.title}</span>
            <strong className="p2-criteria__points">
              {balls[String(criterion.num)] ?? '—'} / {criterion.maxBall}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

const saveDifficult = (qId: number, next: boolean) => api.call(setAsDifficult2, { qId, isDifficult: next ? '1' : '0' }, { handleErrors: true });
