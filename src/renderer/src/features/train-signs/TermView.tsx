import { useEffect, useRef } from 'react';
import type { SignsStatus, SignsTerm } from '@shared/contract/train-signs';
import { RANDOM_SET } from '@shared/contract/train-signs';
import { ruTrainSigns } from '../../i18n/train-signs';
import { Button, Card, Checkbox, cx, ErrorBox, IconCheck, IconClose } from '../../ui';
import { DRAFT_NAMES } from '../../lib/drafts';
import { useDraftState } from '../../lib/drafts/use-draft';
import { noTicks, parseTicks, toBits } from './ticks';

const t = ruTrainSigns;

export interface TermViewProps {
  status: Exclude<SignsStatus, 'SELECT'>;
  termin: SignsTerm;
  busy: boolean;
  error: string | null;
  onCheck: (bits: Array<0 | 1>) => void;
  onContinue: () => void;
  onClose: () => void;
}

/** ANSWERING (tick the signs, Проверить) and MID_RESULT (marks and explanations, Продолжить) of one term. */
export function TermView({ status, termin, busy, error, onCheck, onContinue, onClose }: TermViewProps) {
  const count = termin.questionAnsColumn1.length;
  const [ticks, setTicks] = useDraftState<boolean[]>(DRAFT_NAMES.ticks(termin.terminName), noTicks(count), (saved) => parseTicks(saved, count));
  const answered = status === 'MID_RESULT' && termin.rightAnswers !== null && termin.userAnswer !== null;
  const allRight = answered && termin.rightAnswers!.every((bit, index) => bit === termin.userAnswer![index]);

  const cardRef = useRef<HTMLDivElement>(null);
  const verdictRef = useRef<HTMLParagraphElement>(null);
  // After 'Проверить' the page may be scrolled down to the button: bring the verdict into view and announce it.
  useEffect(() => {
    if (!answered) return;
    cardRef.current?.scrollIntoView({ block: 'start' });
    verdictRef.current?.focus({ preventScroll: true });
  }, [answered]);

  const toggle = (index: number, checked: boolean) => {
    const next = ticks.map((tick, at) => (at === index ? checked : tick));
    setTicks(next);
  };

  return (
    <Card className="trs__term" data-testid="trs-term" data-status={status}>
      <div className="trs__term-head" ref={cardRef}>
        <div className="trs__term-info">
          <p className="muted trs__term-meta">
            <span data-testid="trs-lesson">{t.lesson(termin.terminLessonNumber)}</span> · <span data-testid="trs-chapter">{termin.terminRazdel}</span>
            {termin.type === RANDOM_SET && <span className="trs__badge">{t.randomSet}</span>}
          </p>
          <h2 className="trs__term-name" data-testid="trs-term-name">
            {termin.terminName}
          </h2>
        </div>
        <Button variant="ghost" size="sm" className="trs__close" onClick={onClose} disabled={busy} aria-label={t.close} title={t.close}>
          <IconClose />
        </Button>
      </div>

      {!answered ? (
        <form
          className="trs__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && ticks.some(Boolean)) onCheck(toBits(ticks));
          }}
        >
          <fieldset className="trs__variants">
            <legend className="trs__prompt">{t.prompt}</legend>
            {termin.mixRuleColumn1.map((index) => (
              <Checkbox key={index} className="trs__variant" checked={ticks[index] ?? false} onChange={(checked) => toggle(index, checked)} label={termin.questionAnsColumn1[index]} disabled={busy} />
            ))}
          </fieldset>
          {error && <ErrorBox message={error} />}
          <div className="trs__actions">
            {!ticks.some(Boolean) && <span className="muted trs__hint">{t.chooseOne}</span>}
            <Button type="submit" loading={busy} disabled={!busy && !ticks.some(Boolean)}>
              {t.check}
            </Button>
          </div>
        </form>
      ) : (
        <div className="trs__form">
          <p ref={verdictRef} tabIndex={-1} className={cx('trs__verdict', allRight ? 'trs__verdict--right' : 'trs__verdict--wrong')} role="status" data-testid="trs-verdict">
            {allRight ? t.right : t.wrong}
          </p>
          <ul className="trs__results" data-testid="trs-results">
            {termin.mixRuleColumn1.map((index) => {
              const isSign = termin.rightAnswers![index] === 1;
              const ticked = termin.userAnswer![index] === 1;
              const correct = isSign === ticked;
              return (
                <li key={index} className={cx('trs__result', correct ? 'trs__result--right' : 'trs__result--wrong')} data-correct={correct ? '1' : '0'}>
                  <span className="trs__mark" aria-label={correct ? t.markRight : t.markWrong} role="img">
                    {correct ? <IconCheck /> : <IconClose />}
                  </span>
                  <div className="trs__result-body">
                    <p className="trs__result-text">{termin.questionAnsColumn1[index]}</p>
                    <p className="trs__result-tags">
                      <span className={cx('trs__tag', isSign ? 'trs__tag--sign' : 'trs__tag--not')}>{isSign ? t.isSign : t.notSign}</span>
                      {ticked && <span className="trs__tag">{t.ticked}</span>}
                      {isSign && !ticked && <span className="trs__tag trs__tag--missed">{t.missed}</span>}
                    </p>
                    {termin.descriptions?.[index] && <p className="muted trs__description">{termin.descriptions[index]}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
          {termin.terminDefinition && (
            <section className="trs__definition">
              <h3 className="trs__subtitle">{t.definition}</h3>
              <p>{termin.terminDefinition}</p>
            </section>
          )}
          {error && <ErrorBox message={error} />}
          <div className="trs__actions">
            <Button onClick={onContinue} loading={busy}>
              {t.continue}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
