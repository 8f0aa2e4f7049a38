import type { Insertable } from 'kysely';
import { moscowDateKey } from '../../../src/shared/domain/moscow-time';
import type { UserType } from '../../../src/shared/domain/user-types';
import { addDaysIso, isRealDay, mondayOf } from '../../domains/calendar/iso-days';
import type { Db } from '../index';
import type { ScheduleEventsTable } from '../schema';

/**
 * The demo school term, laid out around the day the seed runs so the calendar is alive at any
 * date: weeks from 6 before to 10 after the current one, two lessons a week (Tuesday and
 * Thursday, 18:00 Moscow) that walk through the exam's five sections, a test week (Monday to
 * Sunday, no lessons) after each block, and Saturday sessions of the intensive course.
 */

type DemoEvent = Omit<Insertable<ScheduleEventsTable>, 'created_at' | 'updated_at'>;

const FIRST_WEEK = -6;
const LAST_WEEK = 10;
/** Weekdays of the lessons, 0 = Monday. */
const LESSON_WEEKDAYS = [1, 3];
const LESSON_TIME = '18:00';

interface Block {
  section: string;
  topics: string[];
}

/** The course in the order it is taught; each block ends with a test week. */
const BLOCKS: Block[] = [
  {
    section: 'Человек и общество',
    topics: [
      'Природное и общественное в человеке. Мировоззрение',
      'Деятельность человека и её виды',
      'Познание мира. Истина и её критерии',
      'Виды знаний. Наука и образование',
      'Общество как система. Сферы общественной жизни',
      'Многовариантность общественного развития. Глобальные проблемы',
    ],
  },
  {
    section: 'Экономика',
    topics: [
      'Экономика и экономическая наука. Факторы производства',
      'Рынок и рыночный механизм. Спрос и предложение',
      'Роль государства в экономике. Налоги и государственный бюджет',
      'Инфляция, безработица и экономический рост',
    ],
  },
  {
    section: 'Социальные отношения',
    topics: [
      'Социальная структура общества и социальная стратификация',
      'Социальные группы и социальная мобильность',
      'Социальный конфликт и пути его разрешения',
      'Семья и брак как социальные институты',
      'Этнические общности и межнациональные отношения',
    ],
  },
  {
    section: 'Политика',
    topics: [
      'Власть и политика. Функции государства',
      'Формы государства: правление, устройство, политический режим',
      'Политические партии и избирательные системы',
      'Гражданское общество и правовое государство',
      'Политическое участие и политическая элита',
    ],
  },
  {
    section: 'Право',
    topics: [
      'Право в системе социальных норм. Источники права',
      'Конституция РФ: основы конституционного строя',
      'Права и свободы человека и гражданина',
      'Гражданское право: правоспособность и дееспособность',
      'Семейное право: права и обязанности супругов, родителей и детей',
      'Трудовое право: трудовой договор и рабочее время',
      'Административное право и административная ответственность',
      'Уголовное право: преступление и наказание',
    ],
  },
];

/** Extra sessions of the intensive course: Saturday, 12:00, only for 'Интенсив' users. */
const INTENSIVE: { firstWeek: number; weekday: number; time: string; audience: UserType; topics: string[] } = {
  firstWeek: -2,
  weekday: 5,
  time: '12:00',
  audience: 'Интенсив',
  topics: [
    'Интенсив: задания 17–20, работа с текстом',
    'Интенсив: задание 21, графики спроса и предложения',
    'Интенсив: задание 22, анализ социальной ситуации',
    'Интенсив: задание 23, Конституция РФ',
    'Интенсив: задание 24, сложный план',
    'Интенсив: задание 25, обоснование и примеры',
  ],
};

/**
 * Test weeks sit at these week offsets, one of them the current week: whatever the date, the
 * month the calendar opens on shows a test week and lessons around it.
 */
const TEST_WEEKS = [-3, 0, 6];

/** The whole demo term for a Moscow day, in date order (pure: the seed and its tests share it). */
export function demoTerm(today: string): DemoEvent[] {
  const monday = mondayOf(today);
  const events: DemoEvent[] = [];
  const topics = BLOCKS.flatMap((block, index) => block.topics.map((topic) => ({ topic, block: index })));
  let next = 0;
  let block = 0;
  for (let week = FIRST_WEEK; week <= LAST_WEEK; week++) {
    const weekStart = addDaysIso(monday, week * 7);
    if (TEST_WEEKS.includes(week)) {
      // A test week closes every block taught since the previous one.
      const lastTaught = topics[next - 1]?.block ?? 0;
      const sections = BLOCKS.slice(block, lastTaught + 1).map((taught) => `«${taught.section}»`);
      block = lastTaught + 1;
      events.push({
        type: 'Zach_week',
        date_start: weekStart,
        date_end: addDaysIso(weekStart, 6),
        time_start: null,
        description: `Зачётная неделя: ${sections.join(', ')}. Письменный зачёт на платформе и устный зачёт с куратором`,
        audience: 'all',
      });
      continue;
    }
    for (const weekday of LESSON_WEEKDAYS) {
      const lesson = topics[next];
      if (!lesson) break;
      next += 1;
      const day = addDaysIso(weekStart, weekday);
      events.push({ type: 'Lesson', date_start: day, date_end: day, time_start: LESSON_TIME, description: lesson.topic, audience: 'all' });
    }
  }
  INTENSIVE.topics.forEach((topic, index) => {
    const day = addDaysIso(monday, (INTENSIVE.firstWeek + index) * 7 + INTENSIVE.weekday);
    events.push({ type: 'Lesson', date_start: day, date_end: day, time_start: INTENSIVE.time, description: topic, audience: INTENSIVE.audience });
  });
  return events.sort((a, b) => a.date_start.localeCompare(b.date_start) || (a.time_start ?? '').localeCompare(b.time_start ?? ''));
}

/** Demo classmates whose birthday the seed moves to the seed day, so 'birthdays today' is not empty. */
export const DEMO_BIRTHDAY_LOGINS = ['sofia', 'maxim'];

/**
 * Demo data of the calendar area: the term's schedule and today's birthdays. Runs inside the
 * demo seed's transaction, after the demo users exist.
 */
export async function seedCalendar(db: Db, now: number): Promise<void> {
  const today = moscowDateKey(now);
  await db
    .insertInto('schedule_events')
    .values(demoTerm(today).map((event) => ({ ...event, created_at: now, updated_at: now })))
    .execute();

  const people = await db.selectFrom('users').select(['id', 'birth_date']).where('login', 'in', DEMO_BIRTHDAY_LOGINS).execute();
  for (const person of people) {
    if (!person.birth_date) continue;
    // Keep the year, take today's month and day (skipped if that makes 29 February of a common year).
    const birthday = `${person.birth_date.slice(0, 4)}-${today.slice(5)}`;
    if (!isRealDay(birthday)) continue;
    await db.updateTable('users').set({ birth_date: birthday }).where('id', '=', person.id).execute();
  }
}
