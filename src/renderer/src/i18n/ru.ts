/**
 * Every user-visible Russian string of the renderer, grouped by area. Spec texts are verbatim.
 * Placeholders look like `{name}` and are filled with `fill()` from `ui/template.ts`.
 * Add keys to your own area; keep it a plain nested object so it stays `as const`.
 */
export const ru = {
  common: {
    loading: 'Загрузка…',
    retry: 'Попробовать ещё раз',
    send: 'Отправить',
    sending: 'Отправка…',
    sent: 'Отправлено',
    cancel: 'Отмена',
    confirm: 'Подтвердить',
    close: 'Закрыть',
    save: 'Сохранить',
    yes: 'Да',
    no: 'Нет',
    empty: 'Здесь пока пусто',
    error: 'Ошибка',
  },

  select: {
    placeholder: 'Выберите…',
    noOptions: 'Нет вариантов',
  },

  search: {
    placeholder: 'Поиск',
    label: 'Поиск',
    clear: 'Очистить поиск',
  },

  confirm: {
    /** Shown above the input of a confirmation that demands a typed phrase. */
    phraseHint: 'Чтобы подтвердить, введите: {phrase}',
    phraseLabel: 'Фраза для подтверждения',
  },

  calendar: {
    label: 'Календарь',
    prevMonth: 'Предыдущий месяц',
    nextMonth: 'Следующий месяц',
    today: 'Сегодня',
    rangeStart: 'Начало периода',
    rangeEnd: 'Конец периода',
    /** Nominative: the month heading ('Март 2024'). */
    months: [
      'Январь',
      'Февраль',
      'Март',
      'Апрель',
      'Май',
      'Июнь',
      'Июль',
      'Август',
      'Сентябрь',
      'Октябрь',
      'Ноябрь',
      'Декабрь',
    ],
    /** Genitive: full dates ('1 марта 2024 г.'). */
    monthsGenitive: [
      'января',
      'февраля',
      'марта',
      'апреля',
      'мая',
      'июня',
      'июля',
      'августа',
      'сентября',
      'октября',
      'ноября',
      'декабря',
    ],
    /** Monday first, as the grid. */
    weekdaysShort: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
    weekdaysLong: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'],
    /** '{day} {month} {year} г.', month in the genitive. */
    fullDate: '{day} {month} {year} г.',
  },

  notifier: {
    region: 'Уведомления',
    dismiss: 'Закрыть уведомление',
  },

  theme: {
    dark: 'Тёмная тема',
    scheme: 'Цветовая схема',
    schemes: {
      obsh: 'Обществознание',
      rus: 'Русский язык',
    },
  },

  auth: {},

  shell: {
    /** Spec shell §8.5: the generic transport failure alert. */
    transportError: 'Ошибка {url} {reason}',
  },

  notFound: {},
} as const;

export type Ru = typeof ru;
