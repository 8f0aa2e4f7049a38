import { countText } from '@shared/domain/russian-plural';

/** Texts of «Сегодня» (issue 39): the plan of the day, the streak and the first-day questions. */
export const ruToday = {
  title: 'Сегодня',
  roadmapLink: 'Дорога уроков',
  error: 'Не удалось загрузить план на сегодня',
  empty: 'На сегодня всё сделано — можно отдохнуть или пройти урок вперёд по дороге.',
  allDone: 'Всё на сегодня сделано. Молодец!',
  planTitle: 'План на сегодня',
  planSummary: (done: number, total: number, minutes: number) => `Сделано ${done} из ${total} · около ${minutes} мин`,
  minutes: (minutes: number) => `${minutes} мин`,
  done: 'Сделано',
  notDone: 'Не сделано',
  open: 'Открыть',
  examIn: (days: number) => (days === 0 ? 'Экзамен сегодня' : `До экзамена ${countText(days, ['день', 'дня', 'дней'])}`),
  kinds: {
    homework: 'Домашнее задание',
    credit: 'Зачёт',
    oralCredit: 'Устный зачёт',
    booking: 'Устный зачёт',
    video: 'Видеоурок',
    review: 'Повторение',
    weakElement: 'Слабая тема',
  },
  streak: {
    title: 'Серия дней',
    current: (days: number) => countText(days, ['день подряд', 'дня подряд', 'дней подряд']),
    best: (days: number) => `Лучшая серия: ${countText(days, ['день', 'дня', 'дней'])}`,
    freezes: (left: number) => (left > 0 ? 'Заморозка на этой неделе есть: один пропуск не прервёт серию' : 'Заморозка этой недели уже потрачена'),
    todayCounted: 'День засчитан',
    todayNeeds: (minutes: number) => `Чтобы засчитать день, сделай первое дело из плана или дела на ${minutes} мин`,
  },
  raccoon: {
    happy: 'Енот доволен: серия продолжается!',
    calm: 'Енот ждёт: сделай первое дело — и серия начнётся.',
    sad: 'Енот грустит: вчера день пропущен. Начни новую серию сегодня.',
  },
  firstDay: {
    title: 'Давай познакомимся',
    text: 'Три вопроса — и составим план на сегодня.',
    goal: 'Сколько баллов хочешь на ЕГЭ?',
    goalHint: 'От 0 до 100',
    goalProblem: 'Укажи цель — целое число от 0 до 100',
    examDate: 'Когда экзамен?',
    examDateHint: (fromSchool: boolean) =>
      fromSchool ? 'День ЕГЭ по обществознанию, который назначила школа; поменяй, если у тебя другой' : 'Примерная дата: точный день появится в расписании ЕГЭ — поменяй, когда узнаешь',
    examDateProblem: 'Укажи дату экзамена',
    minutes: 'Сколько минут в день готов заниматься?',
    minutesOption: (minutes: string) => `${minutes} мин`,
    submit: 'Составить план',
    error: 'Не удалось сохранить ответы',
  },
} as const;
