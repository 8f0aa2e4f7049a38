/** Texts of the Настройки area (spec texts verbatim); part of ru.ts. */
export const ruPreferences = {
  title: 'Настройки',
} as const;
