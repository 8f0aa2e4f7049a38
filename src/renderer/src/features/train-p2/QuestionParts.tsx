import { setAsDifficult2 } from '@shared/contract/homework-p2';
import type { Part2Question } from '@shared/contract/train-p2';
import { useMemo, useState } from 'react';
import { ruTrainP2 as t } from '../../i18n/train-p2';
import { api } from '../../lib/api';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { cx, Switch } from '../../ui';
import { Markdown } from '../../ui/Markdown';
import { questionImageUrl, scoreTone } from './logic';

/** Task number, chapter and maximum, then the question's image (if any) and text. */
export function QuestionBlock({ question, headingId }: { question: Part2Question; headingId?: string }) {
  return (
    <div className="trp2-question">
      <div className="trp2-question__meta">
        <h2 className="trp2-question__title" id={headingId}>
          {t.question(question.q2TaskNumber, question.q2Chapter)}
        </h2>
        <span className="muted small">{t.maxBall(question.maxBall)}</span>
      </div>
      {question.hasImage === '1' && <QuestionImage qId={question.q2Id} />}
      <p className="trp2-question__text" data-testid="trp2-question-text">
        {question.q2Question}
      </p>
    </div>
  );
}

/** /questions2/{qId}.png (or the explanation's _poyasn.png); hidden if the server has no picture. */
export function QuestionImage({ qId, explanation = false }: { qId: number; explanation?: boolean }) {
  const src = useMemo(() => serverAssetUrl(questionImageUrl(qId, explanation)), [qId, explanation]);
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img className="trp2-image" src={src} alt={explanation ? t.explanationImageAlt : t.imageAlt} loading="lazy" onError={() => setFailed(true)} />;
}

/** The scoring key: criteria (or a note that there are none yet) and the explanation. */
export function ScoringKey({ question }: { question: Part2Question }) {
  return (
    <div className="trp2-key" data-testid="trp2-key">
      <h3 className="trp2-subtitle">{t.criteria}</h3>
      {question.criteria.trim() ? <Markdown text={question.criteria} className="trp2-key__text" /> : <p className="muted">{t.noCriteria}</p>}
      {(question.explanation.trim() || question.hasExplanationImage === '1') && (
        <>
          <h3 className="trp2-subtitle">{t.explanation}</h3>
          {question.hasExplanationImage === '1' && <QuestionImage qId={question.q2Id} explanation />}
          {question.explanation.trim() && <Markdown text={question.explanation} className="trp2-key__text" />}
        </>
      )}
    </div>
  );
}

/** 'x из max', coloured full / partial / zero. */
export function ScoreOf({ ball, max, testId }: { ball: number | null; max: number; testId?: string }) {
  const tone = scoreTone(ball, max);
  return (
    <span className={cx('trp2-score', `trp2-score--${tone}`)} data-tone={tone} data-testid={testId}>
      {t.scoreOf(ball, max)}
    </span>
  );
}

/** The student's difficult flag of the question (set_as_difficult2); a failed toggle reverts (§8). */
export function DifficultToggle({ question }: { question: Part2Question }) {
  const [on, setOn] = useState(question.isDifficult === '1');
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      checked={on}
      disabled={busy}
      label={t.difficult}
      onChange={async (next) => {
        setOn(next);
        setBusy(true);
        try {
          await api.call(setAsDifficult2, { qId: question.q2Id, isDifficult: next ? '1' : '0' }, { handleErrors: true });
        } catch {
          setOn(!next);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
