import type { P2CriterionView } from '@shared/contract/homework-p2';
import { sumCriteria, type CriteriaPoints } from '@shared/domain/p2-criteria';
import { ruCuratorHomework } from '../../i18n/curator-homework';
import { clampScore } from './segments';

const t = ruCuratorHomework.p2;

/** The criteria whose ФИПИ rule forces them to 0 under these points (К2 when К1 got 0, …). */
function forcedZero(criteria: readonly P2CriterionView[], points: CriteriaPoints): Set<number> {
  return new Set(criteria.filter((criterion) => criterion.zeroIf !== null && points[String(criterion.zeroIf)] === 0).map((criterion) => criterion.num));
}

/** Points with the ФИПИ zero rule applied, so what is sent is what the server accepts. */
export function withZeroRule(criteria: readonly P2CriterionView[], points: CriteriaPoints): CriteriaPoints {
  const next = { ...points };
  for (const num of forcedZero(criteria, next)) next[String(num)] = 0;
  return next;
}

/** The task's points from its criteria: their sum once all are scored, null before. */
export function criteriaTotal(criteria: readonly P2CriterionView[], points: CriteriaPoints): number | null {
  const summed = sumCriteria(criteria, points);
  return 'total' in summed ? summed.total : null;
}

export interface CriteriaScoresProps {
  taskNumber: number;
  criteria: readonly P2CriterionView[];
  points: CriteriaPoints;
  max: number;
  editable: boolean;
  onChange: (points: CriteriaPoints) => void;
}

/**
 * Scoring one task by its ФИПИ criteria: each criterion with its maximum and how points are given,
 * one number field per criterion (Tab moves between them; a digit key replaces the value), the
 * ФИПИ zero rule applied as it is typed, and the task's sum.
 */
export function CriteriaScores({ taskNumber, criteria, points, max, editable, onChange }: CriteriaScoresProps) {
  const forced = forcedZero(criteria, points);
  const total = criteriaTotal(criteria, points);
  const codeOf = (num: number) => criteria.find((criterion) => criterion.num === num)?.code ?? `К${num}`;
  const set = (num: number, value: number | null) => {
    const next = { ...points };
    if (value === null) delete next[String(num)];
    else next[String(num)] = value;
    onChange(withZeroRule(criteria, next));
  };

  return (
    <section className="crit" aria-label={t.criteria(taskNumber)} data-testid="criteria">
      <h3 className="crit__title">{t.criteria(taskNumber)}</h3>
      <ul className="crit__list">
        {criteria.map((criterion) => {
          const value = points[String(criterion.num)];
          const zero = forced.has(criterion.num);
          return (
            <li key={criterion.num} className="crit__item" data-testid={`criterion-${criterion.num}`}>
              <div className="crit__head">
                <span className="crit__code">{criterion.code}</span>
                <span className="crit__name">{criterion.title}</span>
                <label className="crit__score">
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={criterion.maxBall}
                    aria-label={t.criterionScore(criterion.code, criterion.maxBall)}
                    value={value ?? ''}
                    disabled={!editable || zero}
                    onFocus={(event) => event.currentTarget.select()}
                    onKeyDown={(event) => {
                      // One digit is the whole score (maxima stay below 10): typing it replaces the value.
                      if (/^[0-9]$/.test(event.key) && criterion.maxBall < 10 && !event.ctrlKey && !event.metaKey && !event.altKey) {
                        event.preventDefault();
                        set(criterion.num, Math.min(criterion.maxBall, Number(event.key)));
                      }
                    }}
                    onChange={(event) => set(criterion.num, clampScore(event.target.value, criterion.maxBall))}
                  />
                  <span className="crit__max">{t.criterionMax(criterion.maxBall)}</span>
                </label>
              </div>
              {criterion.description && <p className="crit__desc">{criterion.description}</p>}
              {zero && editable && <p className="crit__forced">{t.zeroForced(criterion.code, codeOf(criterion.zeroIf!))}</p>}
            </li>
          );
        })}
      </ul>
      <p className="crit__total" data-testid="criteria-total">
        {t.criteriaTotal}: <strong>{total ?? '—'}</strong> / {max}
        {total === null && editable && <span className="crit__hint"> · {t.criteriaIncomplete}</span>}
      </p>
    </section>
  );
}
