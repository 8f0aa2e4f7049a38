// Texts of the video domain (spec texts verbatim). Imported only by the screens that show video, so the first download stays small.

/** The player (also used by the back-office video screens). */
export const ruVideo = {
  player: {
    label: 'Видеоплеер',
    loading: 'Загрузка видео',
    /** Learning-area §8. */
    loadError: 'Ошибка загрузки плеера',
    signedOut: 'Войдите снова, чтобы смотреть видео.',
  },
} as const;

/** The video lesson and the Materials video search. */
export const ruVideoLesson = {
  lesson: {
    heading: (chapter: string, lessonNum: number) => (lessonNum > 0 ? `${chapter} · Урок ${lessonNum}` : chapter),
    short: 'Кратко',
    shortHint: 'Пропускать подробные объяснения',
    watched: 'Просмотрен',
    quality: 'Качество',
    timecodes: 'Таймкоды',
    themes: 'Темы',
    hashtags: 'Хештеги',
    noTimecodes: 'Таймкоды отсутствуют',
    more: 'Дополнительно',
    noMore: 'Дополнительные материалы отсутствуют',
    skipped: 'Подробное объяснение пропущено',
    seekTo: (time: string, text: string) => `Перейти к ${time}: ${text}`,
    /** Spec learning §8 prefixes. */
    loadError: (message: string) => `Ошибка получения инфо о видео: ${message}`,
    startError: (message: string) => `Ошибка начала просмотра видео: ${message}`,
    watchedError: (message: string) => `Ошибка отметки видео просмотренным: ${message}`,
    shortError: (message: string) => `Ошибка сохранения режима «Кратко»: ${message}`,
    media: {
      none: 'Видео ещё не загружено',
      queued: 'Видео обрабатывается…',
      processing: 'Видео обрабатывается…',
      failed: 'Не удалось обработать видео. Сообщите куратору.',
      processingHint: 'Обновите страницу через пару минут.',
    },
  },
  quality: { high: 'Высокое', low: 'Низкое' },
  search: {
    title: 'Поиск по видео',
    label: 'Тег',
    placeholder: 'Введите тему, например «сферы общества»',
    hint: 'Найдите фрагмент видеоурока по теме: например, «истина» или «общество».',
    /** Spec learning §8. */
    empty: 'Нет результатов',
    error: (message: string) => `Ошибка получения таймкодов: ${message}`,
    fragmentError: (message: string) => `Ошибка получения таймкода: ${message}`,
    duration: 'Длительность',
    id: (id: number) => `ID ${id}`,
    lesson: (lessonNum: number, name: string) => (lessonNum > 0 ? `Урок ${lessonNum}. ${name}` : name),
    open: (tag: string) => `Смотреть фрагмент «${tag}»`,
    popupTitle: (tag: string) => `#${tag}`,
    loopHint: (from: string, to: string) => `Фрагмент ${from}–${to} повторяется по кругу`,
  },
} as const;
