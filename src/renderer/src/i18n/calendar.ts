import { lookup } from './lookup';
/** Texts of the Календарь area (spec texts verbatim). Imported only by its own screens, so the first download stays small. */
export const ruCalendar = {
  title: 'Календарь',

  /** Shell §8.6: prefix of a failed schedule load. */
  scheduleError: 'Ошибка: ',
  scheduleLoading: 'Загружаем расписание…',
  empty: 'В расписании пока нет событий',
  /** Accessible name of the month's table: 'Расписание: Ноябрь 2026'. */
  gridLabel: 'Расписание: {month} {year}',
  prevMonth: 'Предыдущий месяц: {month}',
  nextMonth: 'Следующий месяц: {month}',
  toToday: 'Сегодня',
  keyboardHint: 'Стрелки переходят между днями, PageUp и PageDown — между месяцами, Enter открывает события дня.',

  /** Shell §3.11 event types as the student reads them. */
  types: {
    Lesson: 'Урок',
    Zach_week: 'Зачётная неделя',
  },
  legend: {
    label: 'Обозначения',
    lesson: 'Урок',
    testWeek: 'Зачётная неделя',
    today: 'Сегодня',
  },
  /** Parts of a day button's accessible name. */
  day: {
    today: 'сегодня',
    testWeek: 'зачётная неделя',
    /** Russian plural forms: 1 урок, 2 урока, 5 уроков. */
    lessons: ['урок', 'урока', 'уроков'],
    noEvents: 'событий нет',
  },
  popup: {
    /** A test week's period in the list: 'с 16 по 22 ноября'. */
    period: 'с {start} по {end}',
    allWeek: 'вся неделя',
    noTime: 'время не указано',
  },

  birthdays: {
    title: 'Сегодня день рождения',
    loading: 'Загружаем именинников…',
    /** Shell §8.6, verbatim. */
    empty: 'Сегодня никто не отмечает день рождения...',
    /** Shell §8.6: prefix of a failed load. */
    error: 'Ошибка получения пользователей, у которых сегодня ДР: ',
    /** What each user type is called in the list. */
    roles: lookup({
      Админ: 'Администратор',
      Куратор: 'Куратор',
      Интенсив: 'Ученик интенсива',
    }),
    student: 'Ученик',
    telegram: 'Telegram',
    vk: 'ВКонтакте',
    telegramLabel: '{name} в Telegram (откроется в новой вкладке)',
    vkLabel: '{name} во ВКонтакте (откроется в новой вкладке)',
    noLink: 'нет ссылки на мессенджер',
  },
} as const;
