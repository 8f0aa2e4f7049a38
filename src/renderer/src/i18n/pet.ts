/** Texts of the pet overlay (shell §4.1, §8.1 verbatim where quoted). Loaded only with the overlay chunk. */
export const ruPet = {
  iconLabel: 'Енот',
  hide: 'Скрыть на 10 мин',
  hideMenuLabel: 'Действия с енотом',
  title: 'Енот',
  create: 'Завести енота',
  dead: 'Умер',
  createNew: 'Создать нового',
  /** §8.1: a failed pet action, shown under its button. */
  actionError: (message: string) => `Ошибка: ${message}`,
  /** §8.1: the pet info could not be loaded. */
  loadError: 'Произошла ошибка при загрузке информации',
  /** §7.2: AVATAR_INFO fallback. */
  noInfo: 'Информация отсутствует',
  retry: 'Попробовать ещё раз',
  loading: 'Загружаем енота…',
  noPetText: 'У тебя пока нет енота. Он растёт вместе с тобой: за выполненные домашние задания и сданные зачёты ты получаешь печеньки, а енот ест их и радуется.',
  deadText: (name: string, days: string) => `${name} прожил ${days}. Енота можно завести снова — и не забывать кормить.`,
  unbornText: (minutes: number) => `Енот скоро вылупится: осталось ${minutes} мин.`,
  age: (days: string) => `Возраст: ${days}`,
  health: 'Здоровье',
  mood: 'Настроение',
  satiety: 'Сытость',
  train: 'Тренированность',
  cookies: 'Печеньки',
  feed: 'Покормить',
  feedHint: 'Одна печенька — плюс к сытости и настроению',
  rename: 'Переименовать',
  nameLabel: 'Имя енота',
  /** Shell §5 verbatim: the rename input's placeholder. */
  namePlaceholder: 'Введи новое имя...',
  /** Shell §5 verbatim (shown as 'Ошибка: невозможно задать пустое имя'): an empty name is refused. */
  emptyName: 'невозможно задать пустое имя',
  save: 'Сохранить',
  cancel: 'Отмена',
  help: 'Как ухаживать за енотом',
  close: 'Закрыть',
  offline: 'Нет соединения с сервером: показываем последние известные данные',
} as const;
