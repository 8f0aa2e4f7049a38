/** Texts of the settings, feedback and nearby-people screens (spec texts verbatim). Imported only by its own screens, so the first download stays small. */
export const ruPreferences = {
  title: 'Настройки',
  noConnection: 'Нет соединения с сервером',

  questionView: {
    title: 'Отображение вопросов',
    hint: 'Как показывать вопросы в домашних заданиях и тренировках.',
    text: 'Текстовый',
    graphic: 'Графический',
  },

  scheme: {
    title: 'Цветовая схема',
    hint: 'Оформление платформы на этом устройстве.',
  },

  icons: {
    title: 'Отображение иконок',
    hint: 'Скрытые разделы пропадают из меню сразу на всех ваших устройствах. Переключатель раздела скрывает или показывает его целиком.',
    empty: 'Иконки отсутствуют',
    /** Spec learning §8: next to the icon whose toggle failed. */
    toggleError: 'Ошибка : {message}',
    wholeGroup: 'весь раздел',
    groups: {
      main: 'Личный кабинет',
      roadmap: 'Дорога уроков',
      trains: 'Тренировки',
      search: 'Материалы',
      curator: 'Кураторская',
      none: 'Прочее',
    },
  },

  feedback: {
    title: 'Обратная связь',
    intro: 'Расскажите, что работает не так или что можно улучшить. Сообщение прочитает команда школы.',
    message: 'Сообщение',
    placeholder: 'Ваше сообщение…',
    counter: '{count} из {max}',
    anonym: 'Отправить анонимно',
    anonymHint: 'Ваше имя не сохранится вместе с сообщением, и ответить вам лично не получится.',
    empty: 'Введите сообщение',
    errorTitle: 'Сообщение не отправлено',
    /** Spec shell §8.6: prefix of a transport failure. */
    sendError: 'Ошибка отправки обратной связи: ',
  },

  nearby: {
    title: 'Люди рядом',
    intro: 'Ученики платформы, которые сейчас недалеко от вас. Другим видны только ваши имя, фамилия и ник в Telegram — не местоположение.',
    showMe: 'Показывать меня',
    /** Spelling as in the spec. */
    hint: 'Что бы видеть других нужно позволить видеть меня',
    empty: 'Людей рядом не найдено',
    /** Spec learning §8, no space after the colon. */
    error: 'Запрос не успешен:{message}',
    locating: 'Определяем местоположение…',
    listTitle: 'Рядом с вами',
    telegram: 'Написать в Telegram',
    noTelegram: 'Telegram не привязан',
    geo: {
      label: 'Геопозиция',
      granted: 'Доступ к геопозиции разрешён',
      prompt: 'Браузер спросит разрешение на доступ к геопозиции',
      denied: 'Доступ к геопозиции запрещён. Разрешите его в настройках браузера, чтобы видеть людей рядом.',
      unsupported: 'Браузер не поддерживает определение местоположения',
      insecure: 'Геопозиция доступна только при защищённом соединении (HTTPS)',
      unavailable: 'Не удалось определить местоположение: {reason}',
    },
  },
} as const;
