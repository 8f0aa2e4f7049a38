import { useQuery } from '@tanstack/react-query';
import { ruSchoolStats } from '../../i18n/school-stats';
import { liveErrorText } from '../../lib/live-request';
import { Card, EmptyState, QueryState } from '../../ui';
import { RetentionChart } from './RetentionChart';
import { schoolStatsQueries } from './api';
import './school-stats.css';

const t = ruSchoolStats.school;

/** Back-office §2.11: study period, current students, LTV, churn, retention chart from September. */
export function SchoolStatisticsPage() {
  const stats = useQuery(schoolStatsQueries.school());
  return (
    <section className="screen school-stats" aria-labelledby="school-stats-title">
      <h1 id="school-stats-title">{t.title}</h1>
      <QueryState query={stats} errorText={(error) => ruSchoolStats.error(liveErrorText(error))} retryLabel={ruSchoolStats.retry}>
        {(data) => (
          <>
            <div className="school-stats__cards" data-testid="school-figures">
              <Figure label={t.studyPeriod} value={t.days(data.averageStudyPeriod)} />
              <Figure label={t.current} value={String(data.currentStudentsCount)} />
              <Figure label={t.ltv} value={t.rubles(data.lifetimeValue)} />
              <Figure label={t.churnYear} value={t.percent(data.churnRateLastYear)} />
              <Figure label={t.churnMonth} value={t.percent(data.churnRateLastMonth)} />
            </div>
            <Card title={t.retention}>
              {data.retentionRate.length === 0 || data.retentionRate[0] === 0 ? (
                <EmptyState text={t.noRetention} compact />
              ) : (
                <RetentionChart months={data.retentionMonths} rates={data.retentionRate} />
              )}
            </Card>
          </>
        )}
      </QueryState>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="school-stats__figure">
      <span className="school-stats__figure-label">{label}</span>
      <strong className="school-stats__figure-value">{value}</strong>
    </div>
  );
}
