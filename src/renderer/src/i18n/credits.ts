import { countText } from '@shared/domain/russian-plural';
import { lookup } from './lookup';

/** Texts of the automatic credit screen (spec texts verbatim). Imported only by that screen. */
export const ruCredits = {
  auto: {
    title: (num: number | string) => `Автоматический зачёт №${num}`,
    back: 'К уроку',
    timer: 'Осталось времени',
    /** Spec learning §8: the credits prefix and the default text. */
    loadError: (message: string) => `Ошибка получения инфо по зачёту: ${message}`,
    defaultError: 'Произошла ошибка при загрузке данных',
    /** Spec learning §5, verbatim. */
    attemptsExceeded: 'Превышен лимит попыток. Обратись к куратору',
    /** Spec learning §4: 'Несдан' is shown as 'Не сдан'. */
    statuses: lookup({ Новый: 'Не начато', Проводится: 'Проводится', Сдан: 'Сдан', Несдан: 'Не сдан' }),
    notStartedStatus: 'Не начато',
    // Start view
    about: 'О зачёте',
    lessons: 'Уроки',
    lessonList: (lessons: readonly number[]) => lessons.join(', '),
    questions: 'Вопросов',
    timeLimit: 'Время',
    minutes: (n: number) => `${n} мин`,
    allowedErrors: 'Допустимо ошибок',
    attempts: 'Попытки',
    attemptsOf: (used: number, max: number) => `${used} из ${max}`,
    deadline: 'Дедлайн',
    deadlineText: (date: string, time: string) => `до ${date} (${time} мск)`,
    noDeadline: 'дедлайн отсутствует',
    status: 'Статус',
    /** Said before a start and a retake: the length, and that closing the page does not pause it. */
    startLength: (n: number) => `На попытку даётся ${countText(n, ['минута', 'минуты', 'минут'])}. Отсчёт начнётся после нажатия «Начать» и не остановится, даже если закрыть страницу.`,
    retakeLength: (n: number) => `Новая попытка — ${countText(n, ['минута', 'минуты', 'минут'])}. Отсчёт начнётся сразу после нажатия «Пересдать» и не остановится, даже если закрыть страницу.`,
    rules: 'На каждый вопрос можно ответить один раз, в любом порядке. Время идёт на сервере: перезагрузка страницы или другое устройство его не останавливают. Когда время выйдет, неотвеченные вопросы засчитаются как ошибки.',
    start: 'Начать',
    startRefused: 'Зачёт не начат',
    // Solving view
    navigator: 'Вопросы зачёта',
    navQuestion: (n: number, answered: boolean, current: boolean) => `Вопрос ${n}${answered ? ', ответ принят' : ''}${current ? ', открыт' : ''}`,
    answeredCount: (answered: number, total: number) => `Отвечено ${answered} из ${total}`,
    question: (n: number) => `Вопрос ${n}`,
    taskNumber: (n: number) => `Задание ${n}`,
    send: 'Ответить',
    sendLast: 'Ответить и завершить',
    lastHint: 'Это последний вопрос без ответа: после него зачёт завершится.',
    sendError: (message: string) => `Ошибка: ${message}`,
    accepted: 'Ответ принят',
    /** Issue 29: an answer given without a connection waits on the device. */
    notSent: 'Не отправлено',
    savedOnDevice: 'Нет связи — ответ сохранён на устройстве, отправим, когда связь вернётся',
    timerRuns: 'Время зачёта идёт и без связи: его считает сервер. Ответ засчитается, если дойдёт до сервера до конца времени.',
    /** A queued answer the server refused meanwhile. */
    conflictTitle: 'Ответы, данные без связи, не приняты',
    conflictQuestion: (n: number, attempt: number) => `Вопрос ${n}, попытка ${attempt}`,
    conflictReason: (message: string) => `Сервер не принял ответ. ${message}.`,
    conflictMine: 'Мой ответ (на этом устройстве)',
    conflictServer: 'На сервере',
    conflictNoServerAnswer: 'ответа нет',
    conflictCopy: 'Скопировать мой',
    conflictCopied: 'Скопировано',
    conflictDismiss: 'Понятно',
    yourAnswer: 'Ваш ответ',
    toNext: 'К следующему без ответа',
    noQuestion: 'Ошибка: отсуствуют данные о вопросе',
    timeUp: 'Время вышло, зачёт завершается…',
    // Result view
    result: 'Результат',
    passed: 'Зачёт сдан',
    failed: 'Зачёт не сдан',
    errors: 'Ошибок',
    errorsOf: (errors: number, allowed: number) => `${errors} (допустимо ${allowed})`,
    points: 'Баллы',
    attemptOf: (used: number, max: number) => `Попытка ${used} из ${max}`,
    retake: 'Пересдать',
    retakeHint: (left: number) => `Осталось попыток: ${left}`,
    difficultError: (message: string) => `Ошибка отметки вопроса, как трудного: ${message}`,
  },
} as const;
