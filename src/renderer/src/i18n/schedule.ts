/** Texts of the Календарь area (spec texts verbatim); part of ru.ts. */
export const ruSchedule = {
  title: 'Календарь',
} as const;
