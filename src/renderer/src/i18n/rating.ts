/** Texts of the Рейтинг и статистика area (spec texts verbatim). Imported only by its own screens, so the first download stays small. */
export const ruRating = {
  title: 'Рейтинг и статистика',

  month: {
    title: 'Мой рейтинг за месяц',
    total: 'Общий рейтинг',
    /** Shell §8.6: with a reload button. */
    loadError: 'Ошибка загрузки данных',
    reload: 'Перезагрузить',
  },

  chart: {
    title: 'Изменение рейтинга',
    grouping: 'Группировка',
    byDay: 'По дням',
    byWeek: 'По неделям',
    /** Shell §2.10: 'whole period' or 'last month'. */
    period: 'Период графика',
    periods: { whole: 'За весь период', month: 'За последний месяц' },
    /** Shell §8.6: a chart that cannot be built, with a retry button. */
    failed: 'Не удалось загрузить график',
    /** Shell §8.6 transport-error prefixes: the short one for periods up to a month, else the 2-month one. */
    errorShort: 'Ошибка получения статистики изменения рейтинга за последние 20 дней: ',
    errorLong: 'Ошибка получения статистики изменения рейтинга за последние 2 месяца: ',
    empty: 'Статистика отсутствует',
    series: 'Рейтинг',
    weekOf: 'неделя с {date}',
  },

  story: {
    title: 'Последние изменения рейтинга',
    error: 'Ошибка получения 20 последних изменений рейтинга: ',
    empty: 'Рейтинг отсутствует',
  },

  mastery: {
    title: 'Освоение разделов',
    total: 'Всего решено',
    /** The main bar: what is solved of the material due by now. */
    planned: 'По плану на сегодня',
    /** Under it, the spec's «Всего решено» of the whole course. */
    totalSolved: '{label}: {percent}% курса',
    ofCourse: 'курса',
    ofChapter: 'раздела',
    error: 'Ошибка получения статистики по разделам: ',
    empty: 'Разделы отсутствуют',
    questions: 'Вопросы 1 части: {solved} из {total}',
    questionsP2: 'Задания 2 части: {solved} из {total}',
    terms: 'Термины: {solved} из {total}',
    signs: 'Признаки: {solved} из {total}',
  },

  studyRating: {
    title: 'Рейтинг освоения',
    error: 'Ошибка получения рейтинга освоения: ',
    empty: 'Пользователи не найдены',
    me: 'Это вы',
    solved: 'решено {percent}%',
  },

  homework: {
    title: 'Баллы за домашние задания',
    type: 'Какие ДЗ показать',
    types: { all: 'Все ДЗ', probnik: 'Пробники' },
    error: 'Ошибка получения статистики по ДЗ: ',
    /** Shell §8.6. */
    empty: 'Статистики нет, так как нет выполненных дз',
    bar: 'ДЗ {num}',
    /** Screen-reader and tooltip text of one bar. */
    barLabel: 'ДЗ {num}: {points} из {max}',
    secondary: 'втор. {n} б',
  },

  top: {
    title: 'Топ учеников',
    period: 'Период топа',
    periods: {
      month: 'Текущий месяц',
      previous_month: 'Прошлый месяц',
      year: 'Текущий год',
    },
    error: 'Ошибка получения топа учеников: ',
    empty: 'Пользователи не найдены',
    position: 'Место',
    student: 'Ученик',
    value: 'Рейтинг',
    curator: 'Куратор: {name}',
  },
} as const;
