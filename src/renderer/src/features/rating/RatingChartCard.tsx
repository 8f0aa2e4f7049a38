import { useState } from 'react';
import { RATING_GROUPINGS, type RatingGrouping } from '@shared/contract/rating';
import { ruRating } from '../../i18n/rating';
import { addMonths, Card, QueryState, Select, todayIso } from '../../ui';
import { type ChartPeriod, PeriodPicker } from './PeriodPicker';
import { RatingChart } from './RatingChart';
import { errorText } from '../../lib/error-text';
import { readRatingGrouping, writeRatingGrouping } from './rating-grouping';
import { useRatingStatistic } from './api';

const t = ruRating.chart;
const GROUPING_OPTIONS = RATING_GROUPINGS.map((grouping) => ({ value: grouping, label: grouping === 'day' ? t.byDay : t.byWeek }));
/** Periods up to this many days get the spec's '20 days' error prefix, longer ones the '2 months' one. */
const SHORT_PERIOD_DAYS = 31;

/** Shell §9: the chart opens on about the last 2 months. */
function defaultPeriod(): ChartPeriod {
  const today = todayIso();
  return { startDate: addMonths(today, -2), endDate: today };
}

/** The rating change chart with its grouping (remembered) and period. */
export function RatingChartCard() {
  const [grouping, setGrouping] = useState<RatingGrouping>(readRatingGrouping);
  const [period, setPeriod] = useState<ChartPeriod>(defaultPeriod);
  const statistic = useRatingStatistic({ ...period, groupBy: grouping });

  const chooseGrouping = (next: RatingGrouping) => {
    writeRatingGrouping(next);
    setGrouping(next);
  };
  const shortPeriod = Date.parse(period.endDate) - Date.parse(period.startDate) <= SHORT_PERIOD_DAYS * 86_400_000;

  return (
    <Card
      title={t.title}
      className="rating-chart-card"
      actions={
        <>
          <Select options={GROUPING_OPTIONS} value={grouping} onChange={chooseGrouping} aria-label={t.grouping} className="rating-chart-card__grouping" />
          <PeriodPicker value={period} onChange={setPeriod} />
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
