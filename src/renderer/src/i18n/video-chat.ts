/** Texts of the video chat and its incoming-call window (shell §4.2, §8.2 verbatim). */
export const ruVideoChat = {
  title: 'Видеочат',
  intro: 'Тренируйтесь сдавать устный зачёт вдвоём: один задаёт вопрос из зачёта, другой отвечает, затем сверяете ответ с эталоном.',
  wantLabel: 'Принимать входящие вызовы',
  wantHint: 'Когда кто-то начнёт поиск, вам придёт вызов на любой странице платформы.',
  /** §8.2: incoming-call switch error. */
  switchError: (reason: string) => `Ошибка : ${reason}`,
  start: 'Найти собеседника',
  searching: 'Ищем собеседника…',
  searchingHint: 'Вызов получит тот, кто готов к тренировке и ждёт дольше всех.',
  cancelSearch: 'Отменить поиск',
  incoming: 'Входящий вызов',
  incomingText: (name: string) => `${name} приглашает вас потренировать устный зачёт`,
  /** §8.2: unknown caller title. */
  unknownCaller: 'Неизвестный пользователь',
  accept: 'Принять',
  reject: 'Отклонить',
  rejected: 'Вы отклонили вызов',
  callOnPage: 'Вам звонят: ответьте в окне входящего вызова.',
  connecting: 'Подключаемся к собеседнику…',
  end: 'Завершить тренировку',
  ended: 'Тренировка завершена',
  you: 'Вы',
  partner: 'Собеседник',
  connectionLabel: 'Соединение',
  roleQuestioner: 'Вы задаёте вопрос',
  roleAnswerer: 'Вы отвечаете на вопрос',
  questioner: 'Спрашивает',
  answerer: 'Отвечает',
  question: 'Вопрос',
  answer: 'Эталонный ответ',
  answerHidden: 'Эталонный ответ видит только спрашивающий.',
  noQuestion: 'Вопросов для устного зачёта пока нет: обсудите любую тему курса.',
  enableSound: 'Включить звук',
  loadError: 'Произошла ошибка при загрузке данных',
  retry: 'Попробовать ещё раз',
  /** §4.2 peer connection states. */
  states: { connected: 'подключено', disconnected: 'отключено', closed: 'закрыто', failed: 'ошибка', unknown: 'неизвестно' },
  /** §8.2 cancel messages, verbatim (the space before the comma included). */
  lost: {
    searching: 'Поиск отменен , возникли проблемы с подключением',
    call: 'Вызов отменен , возникли проблемы с подключением',
    training: 'Тренировка отменена , возникли проблемы с подключением',
  },
  /** §8.2: peer connection problems; the session ends 5 s later. */
  peerError: (reason: string) => `Ошибка : ${reason} Соединение будет прервано через несколько секунд`,
  defaultPeerReason: 'Произошла ошибка при соединении',
  noRemoteMedia: 'Видео собеседника не пришло за 10 секунд',
  signallingRefused: 'Сервер сигнализации отказал в подключении',
  probe: {
    title: 'Проверка устройств',
    checking: 'Проверяем камеру, микрофон и звук…',
    again: 'Проверить ещё раз',
    camera: 'Камера',
    microphone: 'Микрофон',
    audioOutput: 'Вывод звука',
    ok: 'доступно',
    unavailable: 'недоступно',
    blocked: 'Тренировка не начнётся, пока камера, микрофон и вывод звука недоступны.',
    /** Shell §5: mobile browsers skip the check; the browser asks when the call starts. */
    skippedOnPhone: 'На телефоне устройства заранее не проверяются: браузер спросит доступ к камере и микрофону, когда начнётся тренировка.',
    // The reasons (the §5 camera texts verbatim among them) are in src/shared/media-probe.ts:
    // the desktop's main process words them too.
  },
} as const;
