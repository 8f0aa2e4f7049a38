/** Texts of the Личный кабинет area (spec texts verbatim); part of ru.ts. */
export const ruAccount = {
  title: 'Личный кабинет',
} as const;
