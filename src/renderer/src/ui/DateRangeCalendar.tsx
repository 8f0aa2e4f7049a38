import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ru } from '../i18n/ru';
import {
  addDays,
  addMonths,
  type CalendarDay,
  type DateRange,
  isInRange,
  monthGrid,
  parseIso,
  pickRangeDay,
  todayIso,
  weekdayOf,
} from './calendar-grid';
import { cx } from './class-names';
import { WeekdayHeader } from './WeekdayHeader';
import { IconChevronLeft, IconChevronRight } from './icons';
import { fill } from './template';
import { useControllableState } from './use-controllable-state';
import './Button.css';
import './DateRangeCalendar.css';

export interface DateRangeCalendarProps {
  /** Controlled range as 'YYYY-MM-DD' strings; leave undefined to let the calendar keep it. */
  value?: DateRange;
  defaultValue?: DateRange;
  onChange?: (range: DateRange) => void;
  /** Earliest and latest pickable days. */
  min?: string;
  max?: string;
  /** Today's date; defaults to today in Moscow time, as the platform counts days. */
  today?: string;
  /** A day of the month shown first; defaults to the range start, else today. */
  initialMonth?: string;
  /** Accessible name of the grid's region. */
  label?: string;
  className?: string;
}

const EMPTY: DateRange = { start: null, end: null };
const t = ru.calendar;

function fullDate(day: CalendarDay): string {
  return fill(t.fullDate, { day: day.day, month: t.monthsGenitive[day.month]!, year: day.year });
}

/**
 * A month grid (weeks from Monday) for picking a period: the first click sets the start, the
 * second the end. Keyboard (WAI-ARIA date grid): arrows move by day and week, Home/End to the
 * week's ends, PageUp/PageDown by month (with Shift by year), Enter or Space picks.
 */
export function DateRangeCalendar({
  value,
  defaultValue = EMPTY,
  onChange,
  min,
  max,
  today: todayProp,
  initialMonth,
  label = t.label,
  className,
}: DateRangeCalendarProps) {
  const [range, setRange] = useControllableState(value, defaultValue, onChange);
  const today = useMemo(() => todayProp ?? todayIso(), [todayProp]);
  const [focused, setFocused] = useState(() => {
    const first = [initialMonth, range.start, today].find((iso) => iso !== undefined && iso !== null && parseIso(iso));
    return clampIso(first ?? todayIso(), min, max);
  });
  const [hovered, setHovered] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const headingId = useId();

  const { year, month } = parseIso(focused)!;
  const weeks = useMemo(() => monthGrid(year, month, { fixedWeeks: true }), [year, month]);

  // Keyboard moves focus to the new day cell after it renders (it may be in another month).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-iso="${focused}"]`)?.focus();
  }, [focused]);

  const outOfBounds = (iso: string) => (min !== undefined && iso < min) || (max !== undefined && iso > max);
  // While the end is being chosen, the days up to the pointer (or the focused day) preview the range.
  const preview = range.start && !range.end && hovered ? pickRangeDay(range, hovered) : null;
  // The band drawn behind the days: the preview while choosing the end, else the range.
  const band = preview ?? range;

  const pick = (iso: string) => {
    if (outOfBounds(iso)) return;
    setFocused(iso);
    setRange(pickRangeDay(range, iso));
  };

  const goMonth = (step: number) => setFocused(clampIso(addMonths(focused, step), min, max));

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekday = weekdayOf(focused);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = clampIso(move(), min, max);
      moveFocus.current = true;
      setFocused(next);
      if (range.start && !range.end) setHovered(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(focused);
    }
  };

  const monthTitle = `${t.months[month]} ${year}`;
  const firstOfMonth = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
  const prevDisabled = min !== undefined && addDays(firstOfMonth, -1) < min;
  const nextDisabled = max !== undefined && addMonths(firstOfMonth, 1) > max;

  return (
    <div className={cx('ui-cal', className)} role="group" aria-label={label}>
      <div className="ui-cal__header">
        <button type="button" className="ui-icon-button" aria-label={t.prevMonth} disabled={prevDisabled} onClick={() => goMonth(-1)}>
          <IconChevronLeft />
        </button>
        <p id={headingId} className="ui-cal__title" aria-live="polite">
          {monthTitle}
        </p>
        <button type="button" className="ui-icon-button" aria-label={t.nextMonth} disabled={nextDisabled} onClick={() => goMonth(1)}>
          <IconChevronRight />
        </button>
      </div>
      <table ref={gridRef} className={cx('ui-cal__grid', preview && 'is-previewing')} role="grid" aria-multiselectable="true" aria-labelledby={headingId} onKeyDown={onKeyDown} onMouseLeave={() => setHovered(null)}>
        <WeekdayHeader cellClass="ui-cal__weekday" />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.iso}>
              {week.map((day) => {
                const isStart = day.iso === range.start;
                const isEnd = day.iso === range.end;
                const disabled = outOfBounds(day.iso);
                const roleLabel = isStart ? `, ${t.rangeStart.toLowerCase()}` : isEnd ? `, ${t.rangeEnd.toLowerCase()}` : '';
                return (
                  <td
                    key={day.iso}
                    data-iso={day.iso}
                    role="gridcell"
                    tabIndex={day.iso === focused ? 0 : -1}
                    aria-selected={isInRange(day.iso, range)}
                    aria-disabled={disabled || undefined}
                    aria-current={day.iso === today ? 'date' : undefined}
                    aria-label={fullDate(day) + roleLabel}
                    className={cx(
                      'ui-cal__cell',
                      !day.inMonth && 'is-outside',
                      day.iso === today && 'is-today',
                      isInRange(day.iso, band) && 'is-in-range',
                      day.iso === band.start && 'is-start',
                      day.iso === (band.end ?? band.start) && 'is-end',
                      (isStart || isEnd) && 'is-edge',
                      disabled && 'is-disabled',
                    )}
                    onClick={() => pick(day.iso)}
                    onMouseEnter={() => setHovered(day.iso)}
                  >
                    <span className="ui-cal__day">{day.day}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function clampIso(iso: string, min: string | undefined, max: string | undefined): string {
  if (min !== undefined && iso < min) return min;
  if (max !== undefined && iso > max) return max;
  return iso;
}
