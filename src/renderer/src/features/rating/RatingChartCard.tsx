import { useState } from 'react';
import { RATING_GROUPINGS, type RatingGrouping } from '@shared/contract/rating';
import { ruRating } from '../../i18n/rating';
import { Card, QueryState, Select } from '../../ui';
import { CHART_PERIODS, chartPeriod, type ChartPeriodChoice } from './chart-period';
import { RatingChart } from './RatingChart';
import { errorText } from '../../lib/error-text';
import { readRatingGrouping, writeRatingGrouping } from './rating-grouping';
import { useRatingStatistic } from './api';

const t = ruRating.chart;
const GROUPING_OPTIONS = RATING_GROUPINGS.map((grouping) => ({ value: grouping, label: grouping === 'day' ? t.byDay : t.byWeek }));
const PERIOD_OPTIONS = CHART_PERIODS.map((choice) => ({ value: choice, label: t.periods[choice] }));

/** The rating change chart with its grouping (remembered) and period. */
export function RatingChartCard() {
  const [grouping, setGrouping] = useState<RatingGrouping>(readRatingGrouping);
  const [choice, setChoice] = useState<ChartPeriodChoice>('whole');
  // Recomputed each render, so a page left open past midnight asks for the new day.
  const statistic = useRatingStatistic({ ...chartPeriod(choice), groupBy: grouping });

  const chooseGrouping = (next: RatingGrouping) => {
    writeRatingGrouping(next);
    setGrouping(next);
  };
  // The spec's transport-error prefixes: '20 days' for the short period, '2 months' for the long one.
  const shortPeriod = choice === 'month';

  return (
    <Card
      title={t.title}
      className="rating-chart-card"
      actions={
        <>
          <Select options={GROUPING_OPTIONS} value={grouping} onChange={chooseGrouping} aria-label={t.grouping} className="rating-chart-card__grouping" />
          <Select options={PERIOD_OPTIONS} value={choice} onChange={setChoice} aria-label={t.period} className="rating-chart-card__period" />
        </>
      }
    >
      <QueryState query={statistic} errorText={(error) => errorText(error, shortPeriod ? t.errorShort : t.errorLong)} errorTitle={t.failed} empty={(data) => data.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <div aria-busy={statistic.isPlaceholderData || undefined}>
            <RatingChart points={data} grouping={grouping} />
          </div>
        )}
      </QueryState>
    </Card>
  );
}
