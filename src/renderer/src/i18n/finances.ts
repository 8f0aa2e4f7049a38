/** Texts of the finances screen (spec texts verbatim). Imported only by its own screens, so the first download stays small. */
export const ruFinances = {
  title: 'Финансы',
  dash: '—',
  rub: '₽',
  errorTitle: 'Ошибка',
  retry: 'Попробовать ещё раз',
  noConnection: 'нет соединения с сервером',

  /** Shell §8.6 transport prefixes, verbatim. */
  errors: {
    paymentLink: 'Ошибка получения ссылки на оплату: ',
    balance: 'Ошибка получения баланса: ',
    lessons: 'Ошибка получения доступных уроков: ',
    buyLesson: 'Ошибка покупки урока: ',
    cardsRefresh: 'Ошибка : не удалось обновить список карт',
    noPaymentUrl: 'Отсутствует ссылка на оплату',
    unsubscribedReload: 'Подписка отменена, ошибка обновления отображения: ',
    resumedReload: 'Подписка возобновлена, ошибка обновления отображения: ',
  },

  balance: {
    title: 'Баланс',
    label: 'На счёте',
    topUp: 'Пополнить',
    paymentOpened: 'Страница оплаты открыта в новой вкладке. После оплаты вернитесь сюда — баланс и история обновятся.',
    openAgain: 'Открыть страницу оплаты',
  },

  topUp: {
    title: 'Пополнение баланса',
    amount: 'Сумма пополнения, ₽',
    amountHint: 'Не больше 10000 ₽',
    agreeBefore: 'Я принимаю условия ',
    offer: 'договора-оферты',
    agreeMiddle: ' и ',
    privacy: 'политики конфиденциальности',
    submit: 'Перейти к оплате',
    /** Shell §5, verbatim. */
    empty: 'Вы не ввели сумму пополнения',
    tooMuch: 'Сумма оплаты не должна превышать 10000',
    invalid: 'Вы ввели недопустимое значение',
    notAgreed: 'Вы не приняли соглашение с договором-офертой и политикой конфиденциальности',
    inactive: 'У вас неактивный аккаунт. Для пополнения - приобретите тариф.',
    purchase: 'Приобрести тариф',
    askCurator: 'Чтобы приобрести тариф, напишите куратору или в поддержку школы.',
  },

  history: {
    title: 'История операций',
    /** Shell §8.6, verbatim (with its misspelling). */
    empty: 'Операции отсутсвуют',
    number: 'Операция № {number}',
    basis: 'Основание',
    comment: 'Комментарий',
    order: 'Номер заказа',
    listLabel: 'Операции',
  },

  cards: {
    title: 'Привязанные карты',
    empty: 'Привязанных карт нет',
    main: 'Основная',
    listLabel: 'Выберите карту',
    numberLabel: 'Карта, оканчивающаяся на {digits}',
    add: 'Привязать карту',
    remove: 'Удалить карту',
    chooseCard: 'Необходимо выбрать карту',
    removeTitle: 'Удаление карты',
    removeText: 'Отвязать карту {type} {digits}? Списания по подписке с неё прекратятся.',
    removeConfirm: 'Удалить',
  },

  addCard: {
    title: 'Привязка карты',
    email: 'Почта для чека',
    /** Shell §9: binding freezes 1 rouble and then releases it. */
    freezeNote: 'Для проверки карты на ней будет заморожен 1 ₽, после привязки он сразу вернётся.',
    submit: 'Перейти к привязке',
    opened: 'Страница привязки карты открыта в новой вкладке. Когда привязка закончится, карта появится в списке.',
  },

  subs: {
    title: 'Подписки',
    /** Shell §8.6, verbatim. */
    empty: 'Подписки отсутствуют',
    cost: 'Стоимость',
    perMonth: '{cost} ₽ в месяц',
    active: 'Активна, продлится {date}',
    cancelled: 'Отменена, действует до {date}, продлеваться не будет',
    paused: 'Приостановлена: продление не оплачено',
    cancel: 'Отменить подписку',
    resume: 'Возобновить подписку',
    cancelTitle: 'Отмена подписки',
    cancelText: 'Подписка будет действовать до {date} и больше не продлится. Отменить?',
    cancelConfirm: 'Отменить подписку',
    resumeTitle: 'Возобновление подписки',
    resumeText: 'Подписка снова будет продлеваться {date} с привязанной карты. Возобновить?',
    resumePausedText: 'Оплата продления сразу спишется с привязанной карты, дальше подписка будет продлеваться как обычно. Возобновить?',
    resumeConfirm: 'Возобновить',
    keep: 'Не отменять',
    /** When the server flags a failed renewal without saying why. */
    renewalFailed: 'Не удалось списать оплату за продление',
  },

  lessons: {
    title: 'Дополнительные записи уроков',
    empty: 'Доступных разделов нет',
    count: 'Уроков: {count}',
    price: '{price} ₽',
    buy: 'Купить',
    bought: 'Куплен',
    buyTitle: 'Покупка записей',
    buyText: 'Купить записи раздела «{name}» ({count}) за {price} ₽? Сумма спишется с баланса.',
    buyConfirm: 'Купить за {price} ₽',
  },
} as const;
