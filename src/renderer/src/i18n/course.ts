import { plural } from '@shared/domain/russian-plural';
/** Texts of the roadmap and the lesson popup (learning-area §2, §4, §8; spec texts verbatim). */
export const ruCourse = {
  road: {
    title: 'Дорога уроков',
    subtitle: 'Проходите уроки по порядку: каждый открывается в свой день.',
    knowledgeMap: 'Карта знаний',
    empty: 'Отсутствуют доступные уроки',
    loading: 'Загружаем дорогу уроков',
    error: (message: string) => `Ошибка: ${message}`,
    /** No connection: the road saved on this device is shown. */
    savedCopy: (at: string) => `Нет связи: показана дорога, сохранённая на этом устройстве ${at}.`,
    up: 'Наверх',
    lesson: (lessonNum: number) => `Урок ${lessonNum}`,
    lockedHint: 'Урок пока недоступен',
    chapterLessons: (count: number) => `${count} ${plural(count, ['урок', 'урока', 'уроков'])}`,
  },
  /** Lesson status of §4. */
  lessonStatus: ['Не доступен', 'Не начат', 'Выполняется', 'Сделаны базовые', 'Сделано всё'] as const,
  lesson: {
    loading: 'Загружаем урок',
    error: (message: string) => `Ошибка: ${message}`,
    header: (chapter: string, lessonNum: number) => `${chapter} · Урок ${lessonNum}`,
    back: 'Вернуться к дороге уроков',
    videos: 'Видеоуроки',
    homework: 'Домашние задания',
    creditsAuto: 'Автоматические зачёты',
    creditsVerbal: 'Устные зачёты',
    nothing: 'В этом уроке пока нет заданий',
    about: 'Об уроке',
    materials: 'Материалы',
    required: 'Обязательное',
    additional: 'Дополнительное',
    views: (count: number) => `Просмотров: ${count}`,
    watched: 'Просмотрено',
    notWatched: 'Не просмотрено',
    homeworkTitle: (num: number) => `Домашнее задание ${num}`,
    probnik: 'Пробник',
    part1: 'Часть 1',
    part2: 'Часть 2',
    points: 'Баллы',
    deadline: (date: string, time: string) => `до ${date} (${time} мск)`,
    noDeadline: 'дедлайн отсутствует',
    noPoints: '. . .',
    /** Said with '. . .' (spec text) so it does not read as «still loading». */
    notScored: 'не оценено',
    secondary: (ball: number) => `втор. ${ball} б`,
    creditAuto: (num: number) => `Зачёт ${num}`,
    creditVerbal: (num: number) => `Устный зачёт ${num}`,
    creditLessons: (numbers: string) => `Уроки: ${numbers}`,
    creditUntil: (date: string) => `до ${date}`,
    /** A timed part 2 not started yet: its length, said before the first click; the web app's clock
     *  starts on «Начать» (startButtonPressed), as the start screen says. */
    p2TimeLimit: (minutes: number) => `${minutes} ${plural(minutes, ['минута', 'минуты', 'минут'])}, отсчёт — после «Начать»`,
    /** An automatic credit's time per attempt, said before it is opened. */
    creditTime: (minutes: number) => `${minutes} мин на попытку`,
    creditPeriod: (start: string, end: string) => `${start} — ${end}`,
  },
  /** Homework and credit status texts of §4. */
  taskStatus: {
    notStarted: 'Не начато',
    notStartedOral: 'Не начат',
    failed: 'Не сдан',
  },
} as const;
