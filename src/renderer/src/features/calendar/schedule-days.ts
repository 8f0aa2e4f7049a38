import type { BirthdayUser, ScheduleEvent } from '@shared/contract/calendar';
import { addDays } from '../../ui/calendar-grid';
import { vkProfileHref } from '../../ui/person-link';

/** Where a day sits in a test-week band, so the band reads as one continuous strip. */
export type BandMark = 'start' | 'middle' | 'end' | 'single';

export interface DayEvents {
  /** The day's events: untimed ones (test weeks) first, then by time. */
  events: ScheduleEvent[];
  lessonCount: number;
  band: BandMark | null;
}

const EMPTY_DAY: DayEvents = { events: [], lessonCount: 0, band: null };

/**
 * Spreads events over the days they cover within [from, to] (a grid's first and last day).
 * Band marks come from the neighbours: overlapping or back-to-back test weeks join into one band.
 */
export function eventsByDay(events: readonly ScheduleEvent[], from: string, to: string): Map<string, DayEvents> {
  const days = new Map<string, DayEvents>();
  const tested = new Set<string>();
  for (const event of events) {
    if (event.date_end < event.date_start) continue;
    // One day either side, so the band marks at the grid's edges know their neighbours.
    const first = event.date_start > addDays(from, -1) ? event.date_start : addDays(from, -1);
    const last = event.date_end < addDays(to, 1) ? event.date_end : addDays(to, 1);
    for (let day = first; day <= last; day = addDays(day, 1)) {
      if (event.type === 'Zach_week') tested.add(day);
      if (day < from || day > to) continue;
      const entry = days.get(day) ?? { events: [], lessonCount: 0, band: null };
      entry.events.push(event);
      if (event.type === 'Lesson') entry.lessonCount += 1;
      days.set(day, entry);
    }
  }
  for (const [day, entry] of days) {
    entry.events.sort((a, b) => a.time_start.localeCompare(b.time_start));
    if (!tested.has(day)) continue;
    const before = tested.has(addDays(day, -1));
    const after = tested.has(addDays(day, 1));
    entry.band = before && after ? 'middle' : before ? 'end' : after ? 'start' : 'single';
  }
  return days;
}

/** The entry of a day, or an empty one. */
export function dayEvents(days: ReadonlyMap<string, DayEvents>, iso: string): DayEvents {
  return days.get(iso) ?? EMPTY_DAY;
}

/** Russian plural form index, shared with the server's messages. */
export { pluralIndex } from '@shared/domain/russian-plural';

/**
 * The messenger link of a birthday person: Telegram when they linked it, else their VK page,
 * else none. Values are checked so a strange nickname can never make another kind of link.
 */
export function messengerLink(user: BirthdayUser): { kind: 'telegram' | 'vk'; href: string; text: string } | null {
  const nick = user.userTgNickname.trim().replace(/^@/, '');
  if (/^\w{3,64}$/.test(nick)) return { kind: 'telegram', href: `https://t.me/${nick}`, text: `t.me/${nick}` };
  const vk = vkProfileHref(user.userVkId);
  if (vk) return { kind: 'vk', href: vk, text: `vk.com/id${user.userVkId}` };
  return null;
}
