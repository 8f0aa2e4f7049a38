import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ruToday } from '../../i18n/today';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/route-names';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { buttonClassName, Card, EmptyState, QueryState, WarningNote } from '../../ui';
import { todayQueries } from './api';
import { FirstDayForm } from './FirstDayForm';
import { PlanList } from './PlanList';
import { ProfileQuestionCard } from './ProfileQuestionCard';
import { ReminderCard } from './ReminderCard';
import { StreakCard } from './StreakCard';
import './today.css';

const t = ruToday;

const errorText = (error: unknown) => (error instanceof ApiError && error.kind === 'failure' ? error.message : `${t.error}: ${error instanceof Error ? error.message : ''}`);

/**
 * «Сегодня»: the student's landing page. The first day asks three questions; then the
 * day's plan (deadlines first, sized to her minutes, ticking itself), the streak and the raccoon.
 */
export function TodayPage() {
  const query = useQuery(todayQueries.today());
  return (
    <section className="screen today" aria-labelledby="today-title">
      <div className="today__head">
        <h1 id="today-title">{t.title}</h1>
        <Link to={paths.roadmap()} className={buttonClassName('secondary', { size: 'sm' })}>
          {t.roadmapLink}
        </Link>
      </div>
      <QueryState query={query} errorText={errorText}>
        {(today) => {
          if (today.setupNeeded === '1') return <FirstDayForm defaults={today.defaults} />;
          const done = today.items.filter((item) => item.done === '1').length;
          const minutes = today.items.reduce((sum, item) => sum + item.minutes, 0);
          return (
            <div className="today__grid">
              {today.savedAt !== null && (
                <WarningNote role="status" className="today__saved" data-testid="today-saved">
                  {t.savedCopy(formatMoscowDateTime(today.savedAt))}
                </WarningNote>
              )}
              <Card title={t.planTitle} className="today-plan-card" actions={<span className="muted">{t.examIn(today.daysToExam)}</span>}>
                {today.items.length === 0 ? (
                  <EmptyState text={t.empty} compact />
                ) : (
                  <>
                    <p className="muted today__summary" data-testid="today-summary">
                      {done === today.items.length ? t.allDone : t.planSummary(done, today.items.length, minutes)}
                    </p>
                    <PlanList items={today.items} />
                  </>
                )}
              </Card>
              <div className="today__side">
                <StreakCard streak={today.streak} mood={today.raccoonMood} />
                <ReminderCard reminder={today.reminder} />
                {today.savedAt === null && <ProfileQuestionCard />}
              </div>
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
