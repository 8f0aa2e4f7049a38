import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ScheduleEvent } from '@shared/contract/calendar';
import { ru } from '../../i18n/ru';
import { ruCalendar } from '../../i18n/calendar';
import { addDays, addMonths, type CalendarDay, cx, fill, IconChevronLeft, IconChevronRight, monthGrid, parseIso, toIso, weekdayOf, WeekdayHeader } from '../../ui';
import { DayEventsPopup } from './DayEventsPopup';
import { dayLabel } from './day-text';
import { dayEvents, eventsByDay } from './schedule-days';

const c = ru.calendar;
const t = ruCalendar;

interface MonthView {
  year: number;
  month: number;
}

export interface ScheduleMonthProps {
  events: readonly ScheduleEvent[];
  /** Today in Moscow, 'YYYY-MM-DD'. */
  today: string;
}

/**
 * Shell §2.8: the month grid (weeks from Monday) with marks for today, lessons and test weeks.
 * Every day is a button with one tab stop for the grid: arrows move by day and week, Home/End
 * to the week's ends, PageUp/PageDown by month; Enter or a click opens a day that has events.
 */
export function ScheduleMonth({ events, today }: ScheduleMonthProps) {
  const [focused, setFocused] = useState(today);
  const [view, setView] = useState<MonthView>(() => monthOf(today));
  const [openDay, setOpenDay] = useState<CalendarDay | null>(null);
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const hintId = useId();

  const weeks = useMemo(() => monthGrid(view.year, view.month), [view]);
  const firstDay = weeks[0]![0]!.iso;
  const lastDay = weeks.at(-1)!.at(-1)!.iso;
  const days = useMemo(() => eventsByDay(events, firstDay, lastDay), [events, firstDay, lastDay]);
  const inView = (iso: string) => iso >= firstDay && iso <= lastDay;
  // The one tab stop: the focused day if the grid shows it, else the month's first day.
  const tabStop = inView(focused) ? focused : toIso(view.year, view.month, 1);

  // Keyboard moves focus to the new day's button after it renders (maybe in another month).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-iso="${focused}"]`)?.focus();
  }, [focused, view]);

  const showMonth = (next: MonthView) => {
    setView(next);
    const todayView = monthOf(today);
    setFocused(todayView.year === next.year && todayView.month === next.month ? today : toIso(next.year, next.month, 1));
  };
  const stepMonth = (step: number) => showMonth(monthOf(addMonths(toIso(view.year, view.month, 1), step)));

  // The button turns disabled once today's month shows, so focus goes on to today itself.
  const goToday = () => {
    moveFocus.current = true;
    showMonth(monthOf(today));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!(event.target instanceof HTMLElement) || !event.target.dataset.iso) return;
    const from = event.target.dataset.iso;
    const weekday = weekdayOf(from);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(from, -1),
      ArrowRight: () => addDays(from, 1),
      ArrowUp: () => addDays(from, -7),
      ArrowDown: () => addDays(from, 7),
      Home: () => addDays(from, -weekday),
      End: () => addDays(from, 6 - weekday),
      PageUp: () => addMonths(from, -1),
      PageDown: () => addMonths(from, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    moveFocus.current = true;
    setFocused(next);
    // Leaving the grid (or paging) turns the month; stepping onto a neighbour's day shown here does not.
    if (!inView(next) || event.key.startsWith('Page')) setView(monthOf(next));
  };

  const open = (day: CalendarDay) => {
    if (dayEvents(days, day.iso).events.length === 0) return;
    if (day.inMonth) setFocused(day.iso);
    setOpenDay(day);
  };

  const prev = monthOf(addMonths(toIso(view.year, view.month, 1), -1));
  const next = monthOf(addMonths(toIso(view.year, view.month, 1), 1));
  const todayView = monthOf(today);
  const onTodayMonth = todayView.year === view.year && todayView.month === view.month;

  return (
    <div className="sched">
      <div className="sched__header">
        <h2 id={titleId} className="sched__title" aria-live="polite">
          {c.months[view.month]} {view.year}
        </h2>
        <div className="sched__nav">
          <button type="button" className="sched__nav-button" aria-label={fill(t.prevMonth, { month: c.months[prev.month]! })} onClick={() => stepMonth(-1)}>
            <IconChevronLeft size={18} />
            <span className="sched__nav-name" aria-hidden="true">
              {c.months[prev.month]}
            </span>
          </button>
          <button type="button" className="sched__nav-button sched__nav-button--today" disabled={onTodayMonth} onClick={goToday}>
            {t.toToday}
          </button>
          <button type="button" className="sched__nav-button" aria-label={fill(t.nextMonth, { month: c.months[next.month]! })} onClick={() => stepMonth(1)}>
            <span className="sched__nav-name" aria-hidden="true">
              {c.months[next.month]}
            </span>
            <IconChevronRight size={18} />
          </button>
        </div>
      </div>

      <p id={hintId} className="visually-hidden">
        {t.keyboardHint}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the grid's roving focus: arrow keys move focus among the day buttons inside */}
      <table
        ref={gridRef}
        className="sched__grid"
        aria-label={fill(t.gridLabel, { month: c.months[view.month]!, year: view.year })}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        <WeekdayHeader cellClass="sched__weekday" />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.iso}>
              {week.map((day) => {
                const info = dayEvents(days, day.iso);
                const isToday = day.iso === today;
                const hasEvents = info.events.length > 0;
                return (
                  <td key={day.iso} className={cx('sched__cell', info.band && `is-band-${info.band}`, !day.inMonth && 'is-outside')}>
                    <button
                      type="button"
                      data-iso={day.iso}
                      className={cx('sched__day', isToday && 'is-today', hasEvents && 'has-events')}
                      tabIndex={day.iso === tabStop ? 0 : -1}
                      aria-label={dayLabel(day.iso, info, isToday)}
                      aria-current={isToday ? 'date' : undefined}
                      aria-disabled={hasEvents ? undefined : true}
                      aria-haspopup={hasEvents ? 'dialog' : undefined}
                      onClick={() => open(day)}
                      onFocus={() => day.inMonth && setFocused(day.iso)}
                    >
                      <span className="sched__num">{day.day}</span>
                      <span className="sched__marks" aria-hidden="true">
                        {Array.from({ length: Math.min(info.lessonCount, 3) }, (_, index) => (
                          <span key={index} className="sched__dot" />
                        ))}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="sched__legend" aria-label={t.legend.label}>
        <li>
          <span className="sched__legend-dot" aria-hidden="true" />
          {t.legend.lesson}
        </li>
        <li>
          <span className="sched__legend-band" aria-hidden="true" />
          {t.legend.testWeek}
        </li>
        <li>
          <span className="sched__legend-today" aria-hidden="true" />
          {t.legend.today}
        </li>
      </ul>

      <DayEventsPopup day={openDay} events={openDay ? dayEvents(days, openDay.iso).events : []} onClose={() => setOpenDay(null)} />
    </div>
  );
}

function monthOf(iso: string): MonthView {
  const parts = parseIso(iso)!;
  return { year: parts.year, month: parts.month };
}
