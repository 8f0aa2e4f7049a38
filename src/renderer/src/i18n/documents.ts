/** Texts of the school's document pages. */
export const ruDocuments = {
  loading: 'Загружаем документ…',
  error: (message: string) => `Не удалось загрузить документ: ${message}`,
  empty: 'Школа ещё не опубликовала этот документ. Если вы собираетесь платить, спросите текст у куратора.',
  effectiveFrom: (date: string) => `Действует с ${date}`,
  back: 'Вернуться',
  home: 'На главную',
  login: 'Ко входу',
};
