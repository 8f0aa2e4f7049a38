import { useQuery } from '@tanstack/react-query';
import { getSchoolStatistics } from '@shared/contract/school-stats';
import { ruSchoolStats } from '../../i18n/school-stats';
import { liveErrorText, liveRequest, retryLive } from '../../lib/live-request';
import { Card, EmptyState, ErrorBox, Loader } from '../../ui';
import { RetentionChart } from './RetentionChart';
import './school-stats.css';

const t = ruSchoolStats.school;

/** Back-office §2.11: study period, current students, LTV, churn, retention chart from September. */
export function SchoolStatisticsPage() {
  const stats = useQuery({ queryKey: ['schoolStats', 'school'], queryFn: () => liveRequest(getSchoolStatistics, {}), retry: retryLive });
  return (
    <section className="screen school-stats" aria-labelledby="school-stats-title">
      <h1 id="school-stats-title">{t.title}</h1>
      {stats.isPending ? (
        <Loader />
      ) : stats.isError ? (
        <ErrorBox message={ruSchoolStats.error(liveErrorText(stats.error))} onRetry={() => void stats.refetch()} retryLabel={ruSchoolStats.retry} />
      ) : (
        <>
          <div className="school-stats__cards" data-testid="school-figures">
            <Figure label={t.studyPeriod} value={t.days(stats.data.averageStudyPeriod)} />
            <Figure label={t.current} value={String(stats.data.currentStudentsCount)} />
            <Figure label={t.ltv} value={t.rubles(stats.data.lifetimeValue)} />
            <Figure label={t.churnYear} value={t.percent(stats.data.churnRateLastYear)} />
            <Figure label={t.churnMonth} value={t.percent(stats.data.churnRateLastMonth)} />
          </div>
          <Card title={t.retention}>
            {stats.data.retentionRate.length === 0 || stats.data.retentionRate[0] === 0 ? (
              <EmptyState text={t.noRetention} compact />
            ) : (
              <RetentionChart months={stats.data.retentionMonths} rates={stats.data.retentionRate} />
            )}
          </Card>
        </>
      )}
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
