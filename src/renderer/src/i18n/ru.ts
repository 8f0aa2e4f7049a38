import { countText } from '../../../shared/domain/russian-plural';
import { ruTitles } from './titles';

/**
 * Every user-visible Russian string of the renderer, grouped by area. Spec texts are verbatim.
 * Placeholders look like `{name}` and are filled with `fill()` from `ui/template.ts`.
 * Add keys to your own area; keep it a plain nested object so it stays `as const`. Larger screen
 * areas keep their texts in their own module next to this one (account.ts, schedule.ts, …), loaded
 * with their screens, so the sign-in page does not download them.
 */
export const ru = {
  common: {
    loading: 'Загрузка…',
    /** The reason after a screen's prefix when the server could not be reached (never the browser's English). */
    noConnection: 'нет связи с сервером',
    retry: 'Попробовать ещё раз',
    send: 'Отправить',
    sending: 'Отправка…',
    sent: 'Отправлено',
    cancel: 'Отмена',
    confirm: 'Подтвердить',
    close: 'Закрыть',
    /** The arrows of a row of links wider than the screen (ui/ScrollRow). */
    scrollBack: 'Прокрутить назад',
    scrollMore: 'Ещё: прокрутить дальше',
    save: 'Сохранить',
    yes: 'Да',
    no: 'Нет',
    empty: 'Здесь пока пусто',
    error: 'Ошибка',
    /** A server refusal of input whose reason is not written for people (zod's technical wording). */
    invalidInput: 'Проверь введённые данные: что-то заполнено неверно',
    /** A screen that failed to load or render (its route's error boundary); the shell stays. */
    screenFailed: 'Что-то пошло не так…',
    screenRetry: 'Повторить',
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

  /** Progress against what was expected by now (ui/PaceBadge, ui/PaceProgress). */
  pace: {
    states: { ahead: 'впереди', ok: 'в порядке', weak: 'подтянуть', behind: 'отстаёт' },
    /** Read out before the state's word (the mark beside it is a picture). */
    statePrefix: 'Состояние:',
    /** Under a bar when something is due: what she solved of it and how much of the whole is due. */
    due: 'решено {solved}% того, что пора знать сейчас ({expected}% {scope})',
    nothingDue: 'пока ничего не пора знать — всё впереди',
    nothingDueSolved: 'пока ничего не пора знать, уже решено {solved}%',
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

  brand: {
    name: 'Енот',
    courseTitle: 'Курс подготовки к ЕГЭ по обществознанию',
    copyright: (year: number) => `© ${year} Енот. Подготовка к ЕГЭ по обществознанию`,
  },
  auth: {
    signInTitle: 'Вход',
    vkButton: 'Войти через VK ID',
    vkSignupButton: 'Зарегистрироваться через VK ID',
    vkNotConfigured: 'Вход через VK не настроен на этом сервере. Войдите по логину и паролю.',
    vkSignupNotConfigured: 'Регистрация через VK не настроена на этом сервере. Аккаунты создаёт куратор или администратор школы: попросите у них логин и пароль и войдите с ними.',
    toLoginWithPassword: 'Войти по логину и паролю',
    curatorLink: 'Вход для кураторов и выпускников',
    curatorNote: 'Войдите по логину и паролю, которые выдала школа.',
    toStudentLogin: 'Вход для учеников',
    courseLink: 'Страница курса',
    or: 'или',
    login: 'Логин',
    password: 'Пароль',
    submit: 'Войти',
    signing: 'Входим…',
    toSignup: 'Нет аккаунта? Зарегистрироваться',
    toLogin: 'Уже есть аккаунт? Войти',
    signupTitle: 'Регистрация',
    demoNote: 'После регистрации у тебя будет демо-доступ на 7 дней: уроки, тренировки и личный кабинет.',
    notRegistered: 'Вы не зарегистрированы',
    notRegisteredProfile: 'Профиль VK, с которым вы пытались войти:',
    signupTokenError: (message: string) => `Получение токена: запрос неуспешен ${message}`,
    stateMismatch: 'Ответ VK ID не совпал с начатым входом. Попробуйте ещё раз.',
    vkDenied: 'Вход через VK ID отменён.',
    emptyLogin: 'Введите логин',
    emptyPassword: 'Введите пароль',
    oneTimePassword: {
      title: 'Придумайте свой пароль',
      note: 'Пароль, с которым вы вошли, был выдан на один вход. Задайте постоянный: не короче 8 символов.',
      newPassword: 'Новый пароль',
      repeat: 'Повторите пароль',
      tooShort: 'Пароль должен быть не короче 8 символов',
      mismatch: 'Пароли не совпадают',
      submit: 'Сохранить и войти',
      saving: 'Сохраняем…',
      back: 'Назад',
    },
    vkReturning: 'Входим через VK ID…',
    server: {
      current: 'Сервер школы:',
      change: 'Изменить',
      label: 'Адрес сервера школы',
      save: 'Сохранить и перезагрузить',
      invalid: 'Проверьте адрес сервера',
    },
  },
  notFound: {
    title: 'Страница не найдена',
    text: 'Такой страницы нет или она была перемещена.',
    home: 'На главную',
    login: 'Ко входу',
  },
  shell: {
    /** Spec shell §8.5: the generic transport failure alert. */
    transportError: 'Ошибка {url} {reason}',
    nav: {
      webinar: 'Вебинар',
      today: 'Сегодня',
      main: 'Кабинет',
      roadmap: 'Дорога',
      trains: 'Тренировки',
      materials: 'Материалы',
      curator: 'Кураторская',
    },
    avatarMenu: 'Меню профиля',
    mainNavLabel: 'Основная навигация',
    noConnection: 'нет соединения',
    noSession: 'нет сессии',
    menu: { lk: 'Личный кабинет', finances: 'Оплата', settings: 'Настройки', logout: 'Выйти' },
    /** Signing out with drafts on this computer: keep them for the next sign-in or drop them. */
    signOutDrafts: {
      title: 'Черновики на этом компьютере',
      text: (count: number) =>
        `На этом компьютере ${countText(count, ['ваш черновик', 'ваших черновика', 'ваших черновиков'])}: ответы, которые ещё не отправлены. Оставить их до вашего следующего входа? Другие пользователи их не увидят.`,
      keep: 'Оставить и выйти',
      drop: 'Удалить и выйти',
      stay: 'Не выходить',
    },
    themeToDark: 'Включить тёмную тему',
    themeToLight: 'Включить светлую тему',
    mainNav: {
      lk: 'Личный кабинет',
      calendar: 'Календарь',
      poleznoe: 'Обратная связь',
      finances: 'Финансы',
      ratings: 'Рейтинг и статистика',
      nearby_people: 'Люди рядом',
      settings: 'Настройки',
    },
    sectionNav: 'Разделы',
    offline: 'Нет связи с сервером. Изменения сохранятся и отправятся, когда связь вернётся.',
    /** The device has no network: the browser app runs from its cache (service worker) and the offline store. */
    offlineDevice: 'Нет подключения к интернету. Открыто то, что сохранено на этом устройстве; изменения отправятся, когда связь вернётся.',
    /** A new version of the browser app waits for the next start (never applied mid-work). */
    appUpdate: 'Вышла новая версия Енота. Она откроется при следующем запуске — когда все вкладки с Енотом будут закрыты.',
    requiredFields: {
      title: 'Заполни данные профиля',
      text: 'Эти данные нужны куратору и школе. Без них продолжить нельзя.',
      empty: (name: string) => `Вы не заполнили поле "${name}"`,
      region: 'Регион',
      regionPlaceholder: 'Выбери регион',
      send: 'Сохранить',
      sent: 'Сохранено',
      error: (reason: string) => `Ошибка установки незаполненных полей: ${reason}`,
    },
    subscription: {
      title: 'Подпишись на бота',
      text: 'В Telegram-боте приходят напоминания о дедлайнах, результаты проверки ДЗ и новости курса.',
      open: 'Открыть бота',
      later: 'Позже',
    },
    webinar: {
      title: 'Вебинар',
      error: (reason: string) => `Ошибка получения ссылки на вебинар: ${reason}`,
      frameTitle: 'Трансляция вебинара',
    },
  },
  titles: ruTitles,

  /** Side navigation of the routed sections. */
  sections: {
    trains: {
      decideFirst: 'Игра «Реши первым»',
      trainsVerbalPlayers: 'Видеочат',
      trainsP1: 'Тренировка 1 части',
      reviews: 'Повторение',
      trainsP2: 'Тренировка 2 части',
      trainsVerbal: 'Устные зачёты',
      trainPriznaki: 'Тренировка признаков',
      heading: 'Тренировки',
    },
    materials: {
      searchVideo: 'Поиск по видео',
      searchTermin: 'Поиск терминов',
      heading: 'Материалы',
    },
    curator: {
      standards: 'Стандарты',
      homeworks: 'Проверка ДЗ',
      users: 'Ученики',
      group: 'Группа',
      tgSending: 'Рассылки',
      theoryChunks: 'База знаний',
      statistic: 'Статистика кураторов',
      questionsDz: 'Вопросы по ДЗ',
      files: 'Файлы',
      changeVariables: 'Настройки школы',
      schoolStatistics: 'Статистика школы',
      videoEdit: 'Видеоуроки',
      questions: 'Банк вопросов',
      textbooks: 'Учебники',
      course: 'Курс',
      verbalSlots: 'Устные зачёты',
      oldPlatform: 'Старая платформа',
      heading: 'Кураторская',
      waitingCount: (n: number) => `Ждут проверки: ${n}`,
    },
    questions: {
      p1: 'Вопросы 1 части',
      p2: 'Вопросы 2 части',
      zachVerbal: 'Устные зачёты',
      heading: 'Банк вопросов',
      noSections: 'Отсутствуют доступные разделы',
    },
  },



  placeholder: {
    text: 'Этот раздел ещё в разработке и появится в одной из ближайших версий платформы.',
  },
} as const;

export type Ru = typeof ru;
