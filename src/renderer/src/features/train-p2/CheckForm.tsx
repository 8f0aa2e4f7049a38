import { useId, useState } from 'react';
import { ruTrainP2 as t } from '../../i18n/train-p2';
import { Button } from '../../ui';
import { typedScoreProblem, validateCheck } from './logic';

/** Score and comment, checked in the spec's order before anything is sent (§5). */
export function CheckForm({ max, submitLabel, onSubmit, busy }: { max: number; submitLabel: string; onSubmit: (check: { score: number; comment: string }) => void; busy: boolean }) {
  const [score, setScore] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const scoreProblem = typedScoreProblem(score, max, t.validation);
  return (
    <form
      className="trp2-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = validateCheck(comment, score, max, t.validation);
        if (!checked.ok) {
          setError(checked.error);
          return;
        }
        setError(null);
        onSubmit({ score: checked.score, comment: comment.trim() });
      }}
    >
      <label className="trp2-field" htmlFor={`${id}-comment`}>
        <span className="trp2-field__label">{t.comment}</span>
        <textarea id={`${id}-comment`} className="ui-input trp2-textarea trp2-textarea--short" value={comment} placeholder={t.commentPlaceholder} onChange={(event) => {
            setComment(event.target.value);
            setError(null);
          }} data-testid="trp2-check-comment" />
      </label>
      <div className="trp2-form__row">
        <label className="trp2-field trp2-field--score" htmlFor={`${id}-score`}>
          <span className="trp2-field__label">{t.score(max)}</span>
          <input
            id={`${id}-score`}
            className="ui-input"
            inputMode="numeric"
            value={score}
            aria-invalid={scoreProblem !== null}
            aria-describedby={scoreProblem ? `${id}-score-problem` : undefined}
            onChange={(event) => {
              setScore(event.target.value);
              setError(null);
            }}
            data-testid="trp2-check-score"
          />
          {scoreProblem && (
            <span id={`${id}-score-problem`} className="trp2-error trp2-field__problem" role="alert" data-testid="trp2-score-problem">
              {scoreProblem}
            </span>
          )}
        </label>
        <Button type="submit" loading={busy} data-testid="trp2-check-send">
          {submitLabel}
        </Button>
      </div>
      {/* A score problem already stands next to its field. */}
      {error && error !== scoreProblem && (
        <p className="trp2-error" role="alert" data-testid="trp2-check-error">
          {error}
        </p>
      )}
    </form>
  );
}
