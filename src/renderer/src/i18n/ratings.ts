/** Texts of the Рейтинг и статистика area (spec texts verbatim); part of ru.ts. */
export const ruRatings = {
  title: 'Рейтинг и статистика',
} as const;
