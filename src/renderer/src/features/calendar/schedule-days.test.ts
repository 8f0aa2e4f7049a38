import { describe, expect, it } from 'vitest';
import type { BirthdayUser, ScheduleEvent } from '@shared/contract/calendar';
import { dayEvents, eventsByDay, messengerLink, pluralIndex } from './schedule-days';

let nextId = 1;
const lesson = (day: string, time = '18:00'): ScheduleEvent => ({ id: String(nextId++), type: 'Lesson', date_start: day, date_end: day, time_start: time, description: `Урок ${day}` });
const testWeek = (start: string, end: string): ScheduleEvent => ({ id: String(nextId++), type: 'Zach_week', date_start: start, date_end: end, time_start: '', description: 'Зачётная неделя' });

describe('events by day', () => {
  it('counts lessons per day and orders a day with untimed events first', () => {
    const week = testWeek('2026-11-16', '2026-11-22');
    const days = eventsByDay([lesson('2026-11-17', '18:00'), lesson('2026-11-17', '09:00'), week], '2026-10-26', '2026-12-06');
    const tuesday = dayEvents(days, '2026-11-17');
    expect(tuesday.lessonCount).toBe(2);
    expect(tuesday.events.map((event) => event.time_start)).toEqual(['', '09:00', '18:00']);
    expect(dayEvents(days, '2026-11-25')).toEqual({ events: [], lessonCount: 0, band: null });
  });

  it('marks a test week as start, middle and end', () => {
    const days = eventsByDay([testWeek('2026-11-16', '2026-11-22')], '2026-10-26', '2026-12-06');
    expect(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-21', '2026-11-22', '2026-11-23'].map((day) => dayEvents(days, day).band)).toEqual([
      null,
      'start',
      'middle',
      'middle',
      'end',
      null,
    ]);
  });

  it('keeps the band open at the edges of the grid and joins back-to-back weeks', () => {
    const days = eventsByDay([testWeek('2026-10-19', '2026-10-27'), testWeek('2026-12-05', '2026-12-11'), testWeek('2026-11-02', '2026-11-02'), testWeek('2026-11-03', '2026-11-04')], '2026-10-26', '2026-12-06');
    expect(dayEvents(days, '2026-10-26').band).toBe('middle');
    expect(dayEvents(days, '2026-10-27').band).toBe('end');
    expect(dayEvents(days, '2026-12-06').band).toBe('middle');
    expect(dayEvents(days, '2026-12-07').band).toBeNull();
    expect(dayEvents(days, '2026-11-02').band).toBe('start');
    expect(dayEvents(days, '2026-11-04').band).toBe('end');
  });

  it('gives a one-day test week a single mark and ignores a reversed event', () => {
    const bad: ScheduleEvent = { ...lesson('2026-11-10'), date_end: '2026-11-09' };
    const days = eventsByDay([testWeek('2026-11-11', '2026-11-11'), bad], '2026-10-26', '2026-12-06');
    expect(dayEvents(days, '2026-11-11').band).toBe('single');
    expect(dayEvents(days, '2026-11-10').events).toEqual([]);
  });
});

describe('Russian plural of lessons', () => {
  it.each([
    [1, 0],
    [2, 1],
    [4, 1],
    [5, 2],
    [11, 2],
    [12, 2],
    [21, 0],
    [22, 1],
    [0, 2],
  ])('%i → form %i', (count, form) => expect(pluralIndex(count)).toBe(form));
});

describe('messenger link of a birthday person', () => {
  const person = (tg: string, vk: string): BirthdayUser => ({ userName: 'София', userSurname: 'Павлова', userType: 'Ученик', userTgNickname: tg, userVkId: vk });
  it('prefers Telegram, then VK, else none', () => {
    expect(messengerLink(person('sofia_pavlova', '42'))).toEqual({ kind: 'telegram', href: 'https://t.me/sofia_pavlova', text: 't.me/sofia_pavlova' });
    expect(messengerLink(person('@sofia_pavlova', ''))?.href).toBe('https://t.me/sofia_pavlova');
    expect(messengerLink(person('', '123456'))).toEqual({ kind: 'vk', href: 'https://vk.com/id123456', text: 'vk.com/id123456' });
    expect(messengerLink(person('', ''))).toBeNull();
  });
  it('never builds a link from a strange value', () => {
    expect(messengerLink(person('evil/../x?y', 'javascript:1'))).toBeNull();
  });
});
