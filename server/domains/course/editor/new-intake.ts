import { COURSE_EDITOR_TEXTS as T } from '../../../../src/shared/contract/course-editor';
import { formatMoscowDateTime, isoDateToRu, moscowDateKey, moscowDayStart } from '../../../../src/shared/domain/moscow-time';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';
import { realDay } from './records';

/**
 * «Новый поток»: every date of the course (lesson openings, homework deadlines, automatic credit
 * windows, oral credit days) moves by the same whole number of days, so that the course's
 * earliest lesson opening falls on the chosen Moscow day. Moscow keeps no daylight saving, so a
 * day is always 24 hours and each date keeps its time of day. Nothing else changes.
 */

const DAY = 86_400_000;

/** One date that moves. */
interface DateChange {
  what: string;
  before: string;
  after: string;
}

interface IntakePlan {
  shiftDays: number;
  changes: DateChange[];
}

/** 'YYYY-MM-DD' + n days. */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Every date of the course and how far it moves for `startDate`; refused when the course has no date at all. */
export async function planIntake(db: Db, startDate: string): Promise<IntakePlan> {
  if (!realDay(startDate)) fail(T.badDate);
  const [lessons, homeworks, creditsAuto, creditsVerbal] = await Promise.all([
    db
      .selectFrom('lessons')
      .innerJoin('chapters', 'chapters.id', 'lessons.chapter_id')
      .select(['lessons.number', 'lessons.short_name', 'lessons.opens_at'])
      .where('lessons.opens_at', 'is not', null)
      .orderBy('chapters.position')
      .orderBy('chapters.id')
      .orderBy('lessons.position')
      .orderBy('lessons.number')
      .execute(),
    db.selectFrom('homeworks').select(['num', 'lesson_num', 'deadline_at']).where('deadline_at', 'is not', null).orderBy('num').execute(),
    db.selectFrom('credits_auto').select(['num', 'starts_at', 'deadline_at']).orderBy('num').execute(),
    db.selectFrom('credits_verbal').select(['num', 'starts_on', 'ends_on']).orderBy('num').execute(),
  ]);
  const openings = lessons.flatMap((lesson) => (lesson.opens_at === null ? [] : [lesson.opens_at]));
  const instants = [
    ...openings,
    ...homeworks.flatMap((homework) => (homework.deadline_at === null ? [] : [homework.deadline_at])),
    ...creditsAuto.flatMap((credit) => [credit.starts_at, credit.deadline_at].filter((at): at is number => at !== null)),
  ];
  const days = creditsVerbal.flatMap((credit) => [credit.starts_on, credit.ends_on].filter((day): day is string => day !== null));
  // The earliest lesson opening anchors the course; without one, the earliest date of any kind.
  const anchorDay =
    openings.length > 0 ? moscowDateKey(Math.min(...openings)) : [...instants.map(moscowDateKey), ...days].sort()[0];
  if (anchorDay === undefined) fail(T.intakeNothing);
  const shiftDays = Math.round((moscowDayStart(startDate) - moscowDayStart(anchorDay)) / DAY);
  if (shiftDays === 0) return { shiftDays, changes: [] };
  const moved = (at: number) => ({ before: formatMoscowDateTime(at), after: formatMoscowDateTime(at + shiftDays * DAY) });
  const movedDay = (day: string) => ({ before: isoDateToRu(day), after: isoDateToRu(shiftDay(day, shiftDays)) });
  const changes: DateChange[] = [
    ...lessons.map((lesson) => ({ what: `Урок ${lesson.number} «${lesson.short_name}»: открытие`, ...moved(lesson.opens_at!) })),
    ...homeworks.map((homework) => ({ what: `ДЗ №${homework.num} (урок ${homework.lesson_num}): дедлайн`, ...moved(homework.deadline_at!) })),
    ...creditsAuto.flatMap((credit) => [
      ...(credit.starts_at === null ? [] : [{ what: `Зачёт №${credit.num}: начало`, ...moved(credit.starts_at) }]),
      ...(credit.deadline_at === null ? [] : [{ what: `Зачёт №${credit.num}: дедлайн`, ...moved(credit.deadline_at) }]),
    ]),
    ...creditsVerbal.flatMap((credit) => [
      ...(credit.starts_on === null ? [] : [{ what: `Устный зачёт №${credit.num}: первый день`, ...movedDay(credit.starts_on) }]),
      ...(credit.ends_on === null ? [] : [{ what: `Устный зачёт №${credit.num}: последний день`, ...movedDay(credit.ends_on) }]),
    ]),
  ];
  return { shiftDays, changes };
}

/** The preview: how far the course moves, how many dates, and the first five of them. */
export async function previewIntake(db: Db, startDate: string) {
  const plan = await planIntake(db, startDate);
  return { shiftDays: plan.shiftDays, total: plan.changes.length, first: plan.changes.slice(0, 5) };
}

/**
 * Moves every date in one transaction, only if the shift is still the one the admin previewed
 * (someone may have changed the course's dates since).
 */
export async function applyIntake(db: Db, startDate: string, shiftDays: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const plan = await planIntake(trx, startDate);
    if (plan.shiftDays !== shiftDays) fail(T.intakeStale);
    if (shiftDays === 0) return 0;
    const by = shiftDays * DAY;
    await trx
      .updateTable('lessons')
      .set((eb) => ({ opens_at: eb('opens_at', '+', by) }))
      .where('opens_at', 'is not', null)
      .execute();
    await trx
      .updateTable('homeworks')
      .set((eb) => ({ deadline_at: eb('deadline_at', '+', by) }))
      .where('deadline_at', 'is not', null)
      .execute();
    await trx
      .updateTable('credits_auto')
      .set((eb) => ({ starts_at: eb('starts_at', '+', by) }))
      .where('starts_at', 'is not', null)
      .execute();
    await trx
      .updateTable('credits_auto')
      .set((eb) => ({ deadline_at: eb('deadline_at', '+', by) }))
      .where('deadline_at', 'is not', null)
      .execute();
    for (const credit of await trx.selectFrom('credits_verbal').select(['num', 'starts_on', 'ends_on']).execute()) {
      if (credit.starts_on === null && credit.ends_on === null) continue;
      await trx
        .updateTable('credits_verbal')
        .set({ starts_on: credit.starts_on === null ? null : shiftDay(credit.starts_on, shiftDays), ends_on: credit.ends_on === null ? null : shiftDay(credit.ends_on, shiftDays) })
        .where('num', '=', credit.num)
        .execute();
    }
    return plan.changes.length;
  });
}
