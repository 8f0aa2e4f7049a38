import { useQuery } from '@tanstack/react-query';
import { TRAIN_P1_COUNTS, TRAIN_P1_KINDS, type TrainP1Stats } from '@shared/contract/train-p1';
import { ruTrainP1 } from '../../i18n/train-p1';
import { Button, Card, cx, ErrorBox, Select, type SelectOption, Switch } from '../../ui';
import { trainP1Queries } from './api';
import { choiceType, formatRatingChange, needsValue, ratingTone, type TrainChoice, type ValueKind } from './logic';

const t = ruTrainP1;

export interface ChoiceViewProps {
  stats: TrainP1Stats;
  choice: TrainChoice;
  onChange: (choice: TrainChoice) => void;
  onStart: (choice: TrainChoice) => void;
  starting: boolean;
  startError: string | null;
}

/** Stats, kinds of test, count, the 90+ and self-made switches (learning §2 'Training part 1', Choice). */
export function ChoiceView({ stats, choice, onChange, onStart, starting, startError }: ChoiceViewProps) {
  const ready = choiceType(choice) !== null;
  return (
    <div className="trp1-choice">
      <StatsCard stats={stats} />
      <form
        className="trp1-choice__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onStart(choice);
        }}
      >
        <fieldset className="trp1-kinds">
          <legend className="trp1-legend">{t.choice.kindsTitle}</legend>
          <div className="trp1-kinds__grid">
            {TRAIN_P1_KINDS.map((kind) => (
              <label key={kind} className={cx('trp1-kind', choice.kind === kind && 'trp1-kind--active')} data-testid={`trp1-kind-${kind}`}>
                <input type="radio" name="trp1-kind" className="trp1-kind__radio" value={kind} checked={choice.kind === kind} onChange={() => onChange({ ...choice, kind })} />
                <span className="trp1-kind__name">{t.kinds[kind]}</span>
                <span className="trp1-kind__hint">{t.kindHints[kind]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Card className="trp1-settings" title={t.choice.settingsTitle} headingLevel={2}>
          {needsValue(choice.kind) && <ValuePicker kind={choice.kind} choice={choice} onChange={onChange} />}
          {choice.kind === 'asEge' ? (
            <p className="muted small">{t.choice.asEgeNote}</p>
          ) : (
            <fieldset className="trp1-counts">
              <legend className="trp1-counts__legend">{t.choice.count}</legend>
              <div className="trp1-counts__row">
                {TRAIN_P1_COUNTS.map((count) => (
                  <label key={count} className={cx('trp1-count', choice.qNums === count && 'trp1-count--active')} data-testid={`trp1-count-${count}`}>
                    <input type="radio" name="trp1-count" className="trp1-kind__radio" value={count} checked={choice.qNums === count} onChange={() => onChange({ ...choice, qNums: count })} />
                    {count}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="trp1-switches">
            <Switch checked={choice.include90Plus} onChange={(include90Plus) => onChange({ ...choice, include90Plus })} label={t.choice.plus90} />
            <Switch checked={choice.includeSelfmade} onChange={(includeSelfmade) => onChange({ ...choice, includeSelfmade })} label={t.choice.selfmade} />
          </div>
          <div className="trp1-settings__actions">
            <Button type="submit" loading={starting} disabled={!ready} data-testid="trp1-start">
              {t.choice.start}
            </Button>
          </div>
          {startError && (
            <p className="trp1-error" role="alert" data-testid="trp1-start-error">
              {startError}
            </p>
          )}
        </Card>
      </form>
    </div>
  );
}

export function StatsCard({ stats }: { stats: TrainP1Stats }) {
  const items: Array<[string, string, string?]> = [
    [t.stats.questions, String(stats.num_questions)],
    [t.stats.solved, String(stats.num_solved_questions)],
    [t.stats.mistakes, String(stats.num_mistakes_questions)],
    [t.stats.ratingMonth, formatRatingChange(stats.rating_thismonth), `trp1-rating--${ratingTone(stats.rating_thismonth)}`],
  ];
  return (
    <Card className="trp1-stats" title={t.stats.title}>
      <dl className="trp1-stats__list" data-testid="trp1-stats">
        {items.map(([label, value, tone]) => (
          <div key={label} className="trp1-stats__item">
            <dt className="muted small">{label}</dt>
            <dd className={cx('trp1-stats__value', tone)}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ValuePicker({ kind, choice, onChange }: { kind: ValueKind; choice: TrainChoice; onChange: (choice: TrainChoice) => void }) {
  const sets = useQuery(trainP1Queries.sets());
  if (sets.isError) return <ErrorBox message={t.choice.setsError} onRetry={() => void sets.refetch()} retryLabel={t.retry} />;
  const options: SelectOption<string>[] = !sets.data
    ? []
    : kind === 'chapter'
      ? sets.data.chapters.map((chapter) => ({ value: chapter, label: chapter }))
      : (kind === 'lessonNum' ? sets.data.lessonNums : kind === 'egeNum' ? sets.data.egeNums : sets.data.zachetNums).map((n) => ({
          value: String(n),
          label: kind === 'lessonNum' ? t.lesson(n) : kind === 'egeNum' ? t.task(n) : t.credit(n),
        }));
  const current = choice.values[kind];
  const value = current === undefined ? null : String(current);
  return (
    <div className="trp1-value" data-testid="trp1-value">
      <Select<string>
        label={t.valueLabel[kind]}
        options={options}
        value={options.some((option) => option.value === value) ? value : null}
        placeholder={sets.isPending ? '…' : options.length === 0 ? t.choice.noValues : t.choice.selectPlaceholder}
        disabled={sets.isPending || options.length === 0}
        onChange={(next) => onChange({ ...choice, values: { ...choice.values, [kind]: kind === 'chapter' ? next : Number(next) } })}
      />
    </div>
  );
}
