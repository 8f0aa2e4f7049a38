import { ru } from '../../i18n/ru';
import { ruCalendar } from '../../i18n/calendar';
import { parseIso } from '../../ui/calendar-grid';
import { fill } from '../../ui/template';
import { type DayEvents, pluralIndex } from './schedule-days';

const c = ru.calendar;
const t = ruCalendar;

/** '17 ноября 2026 г.' */
export function fullDate(iso: string): string {
  const parts = parseIso(iso)!;
  return fill(c.fullDate, { day: parts.day, month: c.monthsGenitive[parts.month]!, year: parts.year });
}

/** '17 ноября 2026 г., вторник': the popup's title. */
export function fullDateWithWeekday(iso: string, weekday: number): string {
  return `${fullDate(iso)}, ${c.weekdaysLong[weekday]}`;
}

/** A test week's period: 'с 16 по 22 ноября', 'с 30 ноября по 6 декабря', years shown only when they differ. */
export function periodText(start: string, end: string): string {
  const a = parseIso(start)!;
  const b = parseIso(end)!;
  const sameYear = a.year === b.year;
  const sameMonth = sameYear && a.month === b.month;
  const from = sameMonth ? `${a.day}` : `${a.day} ${c.monthsGenitive[a.month]}${sameYear ? '' : ` ${a.year} г.`}`;
  const to = `${b.day} ${c.monthsGenitive[b.month]}${sameYear ? '' : ` ${b.year} г.`}`;
  return fill(t.popup.period, { start: from, end: to });
}

/** What a screen reader hears for a day button: date, today, lessons, test week. */
export function dayLabel(iso: string, day: DayEvents, isToday: boolean): string {
  const parts = [fullDate(iso)];
  if (isToday) parts.push(t.day.today);
  if (day.lessonCount > 0) parts.push(`${day.lessonCount} ${t.day.lessons[pluralIndex(day.lessonCount)]}`);
  if (day.band) parts.push(t.day.testWeek);
  if (day.events.length === 0) parts.push(t.day.noEvents);
  return parts.join(', ');
}
