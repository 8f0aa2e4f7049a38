import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DZ_STATISTICS_TYPES } from '@shared/contract/rating';
import { ruRating } from '../../i18n/rating';
import { liveErrorText } from '../../lib/live-request';
import { bandColor, Card, fill, QueryState, Select } from '../../ui';
import { barHeight, HOMEWORK_CHART_HEIGHT, labelOutside } from './homework-chart';
import { homeworkStatisticsQuery } from './api';

const t = ruRating.homework;
type DzType = (typeof DZ_STATISTICS_TYPES)[number];
const TYPE_OPTIONS = DZ_STATISTICS_TYPES.map((type) => ({ value: type, label: t.types[type] }));

/** Points of every checked homework as bars coloured by the percent band the server computed. */
export function HomeworkChartCard() {
  const [type, setType] = useState<DzType>('all');
  const stats = useQuery(homeworkStatisticsQuery(type));
  return (
    <Card
      title={t.title}
      className="rating-homework"
      actions={<Select options={TYPE_OPTIONS} value={type} onChange={setType} aria-label={t.type} />}
    >
      <QueryState query={stats} errorText={(error) => t.error + liveErrorText(error)} empty={(data) => data.length === 0 && t.empty} emptyCompact>
        {(data) => (
          <ol className="homework-chart" style={{ height: HOMEWORK_CHART_HEIGHT }} data-testid="homework-chart" aria-busy={stats.isPlaceholderData || undefined}>
            {data.map((item) => {
              const height = barHeight(item.primaryBall);
              const outside = labelOutside(height);
              const label = fill(t.barLabel, { num: item.dzNum, points: item.primaryBall, max: item.maxBall });
              return (
                <li key={item.dzNum} className="homework-chart__item" title={label}>
                  <span className="visually-hidden">{label}</span>
                  <div className="homework-chart__plot" aria-hidden="true">
                    {outside && <span className="homework-chart__value homework-chart__value--outside">{item.primaryBall}</span>}
                    <div className="homework-chart__bar" style={{ height, background: bandColor(item.color) }}>
                      {!outside && <span className="homework-chart__value">{item.primaryBall}</span>}
                    </div>
                  </div>
                  <span className="homework-chart__label" aria-hidden="true">
                    {fill(t.bar, { num: item.dzNum })}
                    {item.secondaryBall !== null && <small>{fill(t.secondary, { n: item.secondaryBall })}</small>}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </Card>
  );
}
