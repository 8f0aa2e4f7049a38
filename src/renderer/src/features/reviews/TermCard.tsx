import type { z } from 'zod';
import type { reviewTerm, reviewTermResult } from '@shared/contract/reviews';
import { useState } from 'react';
import { ruReviews } from '../../i18n/reviews';
import { Button, Checkbox, cx } from '../../ui';

const t = ruReviews;

/** A term card: tick the true signs, then «Проверить». */
export function TermTicks({ term, busy, onSend }: { term: z.infer<typeof reviewTerm>; busy: boolean; onSend: (ticks: Array<0 | 1>) => void }) {
  const [ticks, setTicks] = useState<boolean[]>(() => term.signs.map(() => false));
  return (
    <form
      className="reviews__step"
      onSubmit={(event) => {
        event.preventDefault();
        if (ticks.some(Boolean)) onSend(ticks.map((tick) => (tick ? 1 : 0)));
      }}
    >
      <p className="muted small">
        {t.term} · {term.chapter}
      </p>
      <h2 className="reviews__term-name">{term.name}</h2>
      <fieldset className="reviews__signs">
        <legend className="reviews__prompt">{t.termHint}</legend>
        {term.signs.map((sign, index) => (
          <Checkbox key={index} checked={ticks[index] ?? false} onChange={(checked) => setTicks(ticks.map((tick, at) => (at === index ? checked : tick)))} label={sign} disabled={busy} />
        ))}
      </fieldset>
      <div className="ht-step__actions">
        <Button type="submit" loading={busy} disabled={!ticks.some(Boolean)} data-testid="reviews-check">
          {t.check}
        </Button>
      </div>
    </form>
  );
}

/** A term card answered: each sign marked true or not, what was ticked, and why. */
export function TermResult({ term }: { term: z.infer<typeof reviewTermResult> }) {
  return (
    <div>
      <h2 className="reviews__term-name">{term.name}</h2>
      <ul className="reviews__sign-results">
        {term.signs.map((sign, index) => {
          const isSign = term.rightAnswers[index] === 1;
          const ticked = term.userAnswer[index] === 1;
          return (
            <li key={index} className={cx('reviews__sign-result', isSign === ticked ? 'reviews__sign-result--right' : 'reviews__sign-result--wrong')}>
              <p>{sign}</p>
              <p className="small">
                <strong>{isSign ? t.isSign : t.notSign}</strong>
                {ticked && <span> · {t.ticked}</span>}
              </p>
              {term.descriptions[index] && <p className="muted small">{term.descriptions[index]}</p>}
            </li>
          );
        })}
      </ul>
      {term.definition && (
        <section>
          <h3>{t.definition}</h3>
          <p>{term.definition}</p>
        </section>
      )}
    </div>
  );
}
