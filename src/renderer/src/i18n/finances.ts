/** Texts of the finances screen (spec texts verbatim). Imported only by its own screens, so the first download stays small. */
export const ruFinances = {
  title: 'Финансы',
} as const;
