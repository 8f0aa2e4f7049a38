import { useMemo } from 'react';
import { ruCalendar } from '../../i18n/calendar';
import { Card, EmptyState, Loader, QueryState, todayIso } from '../../ui';
import { BirthdaysList } from './BirthdaysList';
import { ScheduleMonth } from './ScheduleMonth';
import { useSchedule } from './use-calendar-data';
import './calendar.css';

const t = ruCalendar;

/** Shell §2.8: the month of lessons and test weeks, and today's birthdays below. */
export function CalendarPage() {
  const schedule = useSchedule();
  // Days are counted in Moscow time, whatever the device's zone.
  const today = useMemo(() => todayIso(), []);
  return (
    <section className="screen calendar-page" aria-labelledby="calendar-title">
      <h1 id="calendar-title">{t.title}</h1>
      <Card className="calendar-page__schedule">
        <QueryState query={schedule} errorText={(error) => t.scheduleError + error.message} loading={<Loader label={t.scheduleLoading} />}>
          {(loaded) => (
            <>
              <ScheduleMonth events={loaded} today={today} />
              {loaded.length === 0 && <EmptyState text={t.empty} compact />}
            </>
          )}
        </QueryState>
      </Card>
      <Card title={t.birthdays.title} className="calendar-page__birthdays">
        <BirthdaysList />
      </Card>
    </section>
  );
}
