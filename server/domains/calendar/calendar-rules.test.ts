import { describe, expect, it } from 'vitest';
import { demoTerm } from '../../db/seed/calendar';
import { birthdaysCelebratedOn } from './birthdays';
import { addDaysIso, isRealDay, mondayOf, weekdayIso } from './iso-days';

describe('Moscow day arithmetic', () => {
  it('moves across months, years and leap days', () => {
    expect(addDaysIso('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDaysIso('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysIso('2025-03-01', -1)).toBe('2025-02-28');
    expect(weekdayIso('2026-11-16')).toBe(0);
    expect(weekdayIso('2026-11-22')).toBe(6);
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(isRealDay('2024-02-29')).toBe(true);
    expect(isRealDay('2025-02-29')).toBe(false);
  });
});

describe('birthdays celebrated on a day', () => {
  it('is the day itself, plus 29 February on 28 February of a common year', () => {
    expect(birthdaysCelebratedOn('2026-11-22')).toEqual(['11-22']);
    expect(birthdaysCelebratedOn('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdaysCelebratedOn('2028-02-28')).toEqual(['02-28']);
    expect(birthdaysCelebratedOn('2028-02-29')).toEqual(['02-29']);
  });
});

describe('demo term', () => {
  // A Sunday, a Monday at a year's turn, a leap day, a month's first day.
  it.each(['2026-11-22', '2026-12-28', '2028-02-29', '2027-03-01'])('around %s: 28 lessons, 3 test weeks (this one included), 6 intensive Saturdays', (today) => {
    const events = demoTerm(today);
    const monday = mondayOf(today);
    const forAll = events.filter((event) => event.audience === 'all');
    const lessons = forAll.filter((event) => event.type === 'Lesson');
    const weeks = forAll.filter((event) => event.type === 'Zach_week');
    const intensive = events.filter((event) => event.audience === 'Интенсив');

    expect(lessons).toHaveLength(28);
    expect(new Set(lessons.map((lesson) => lesson.description)).size).toBe(28);
    expect(lessons.every((lesson) => [1, 3].includes(weekdayIso(lesson.date_start)) && lesson.time_start === '18:00')).toBe(true);
    expect(lessons[0]!.date_start).toBe(addDaysIso(monday, -6 * 7 + 1));
    expect(lessons.at(-1)!.date_start).toBe(addDaysIso(monday, 10 * 7 + 3));

    expect(weeks.map((week) => [week.date_start, week.date_end])).toEqual(
      [-3, 0, 6].map((offset) => [addDaysIso(monday, offset * 7), addDaysIso(monday, offset * 7 + 6)]),
    );
    expect(weeks.map((week) => week.description)).toEqual([
      'Зачётная неделя: «Человек и общество». Письменный зачёт на платформе и устный зачёт с куратором',
      'Зачётная неделя: «Экономика». Письменный зачёт на платформе и устный зачёт с куратором',
      'Зачётная неделя: «Социальные отношения», «Политика». Письменный зачёт на платформе и устный зачёт с куратором',
    ]);

    expect(intensive).toHaveLength(6);
    expect(intensive.every((session) => weekdayIso(session.date_start) === 5 && (session.description ?? '').startsWith('Интенсив:'))).toBe(true);
    expect(events.map((event) => event.date_start)).toEqual(events.map((event) => event.date_start).sort());
  });
});
