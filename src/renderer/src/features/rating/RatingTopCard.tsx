import { useState } from 'react';
import { RATING_TOP_PERIODS, type RatingTopPeriod } from '@shared/contract/rating';
import { ruRating } from '../../i18n/rating';
import { Card, fill, QueryState, Select } from '../../ui';
import { errorText } from '../../lib/error-text';
import { formatValue, valueTone } from './rating-format';
import { useRatingTop } from './api';

const t = ruRating.top;
const PERIOD_OPTIONS = RATING_TOP_PERIODS.map((period) => ({ value: period, label: t.periods[period] }));

/** The top 10 students of the current month, the previous month or the current year. */
export function RatingTopCard() {
  const [period, setPeriod] = useState<RatingTopPeriod>('month');
  const top = useRatingTop(period);
  return (
    <Card
      title={t.title}
      className="rating-top"
      actions={<Select options={PERIOD_OPTIONS} value={period} onChange={setPeriod} aria-label={t.period} className="rating-top__period" />}
    >
      <QueryState query={top} errorText={(error) => errorText(error, t.error)} empty={(data) => data.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <table className="rating-top__table" data-testid="rating-top" aria-busy={top.isPlaceholderData || undefined}>
            <caption className="visually-hidden">
              {t.title}: {t.periods[period]}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="rating-top__position">
                  <span aria-hidden="true">№</span>
                  <span className="visually-hidden">{t.position}</span>
                </th>
                <th scope="col">{t.student}</th>
                <th scope="col" className="rating-top__value">
                  {t.value}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.userVkId}>
                  <td className="rating-top__position">
                    <span className="rating-top__badge" data-place={row.position}>
                      {row.position}
                    </span>
                  </td>
                  <td>
                    <span className="rating-top__name">{row.user}</span>
                    {row.userCurator && <span className="rating-top__curator muted small">{fill(t.curator, { name: row.userCurator })}</span>}
                  </td>
                  <td className={`rating-top__value rating-value--${valueTone(row.value)}`}>{formatValue(row.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </Card>
  );
}
