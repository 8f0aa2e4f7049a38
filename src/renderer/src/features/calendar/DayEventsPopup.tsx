import type { ScheduleEvent } from '@shared/contract/calendar';
import { ruCalendar } from '../../i18n/calendar';
import { type CalendarDay, cx, Popup } from '../../ui';
import { fullDateWithWeekday, periodText } from './day-text';

const t = ruCalendar;

export interface DayEventsPopupProps {
  /** The day shown, or null when closed. */
  day: CalendarDay | null;
  events: readonly ScheduleEvent[];
  onClose: () => void;
}

/** The events of one day: time, type and description (shell §2.8). */
export function DayEventsPopup({ day, events, onClose }: DayEventsPopupProps) {
  return (
    <Popup open={day !== null} onClose={onClose} title={day ? fullDateWithWeekday(day.iso, day.weekday) : ''} size="sm">
      <ul className="sched-events">
        {events.map((event) => {
          const isTest = event.type === 'Zach_week';
          return (
            <li key={event.id} className={cx('sched-event', isTest && 'sched-event--test')}>
              <p className="sched-event__when">
                {event.time_start ? (
                  <time className="sched-event__time">{event.time_start}</time>
                ) : (
                  <span className="sched-event__time sched-event__time--none">{isTest ? t.popup.allWeek : t.popup.noTime}</span>
                )}
                <span className={cx('sched-event__type', isTest ? 'is-test' : 'is-lesson')}>{t.types[event.type]}</span>
              </p>
              <p className="sched-event__description">{event.description}</p>
              {event.date_end !== event.date_start && <p className="sched-event__period">{periodText(event.date_start, event.date_end)}</p>}
            </li>
          );
        })}
      </ul>
    </Popup>
  );
}
