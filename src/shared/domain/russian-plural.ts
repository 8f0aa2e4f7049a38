/** The three Russian noun forms after a number: for 1, for 2–4, for 5 and 0 («урок», «урока», «уроков»). */
export type RussianForms = readonly [one: string, few: string, many: string];

const rules = new Intl.PluralRules('ru');

/**
 * Russian plural form index by the language's own rules: 1 урок (0), 2 урока (1), 5 уроков (2),
 * 11 уроков, 21 урок. Fractions take the 2–4 form («1,5 урока»), as Russian does.
 */
export function pluralIndex(count: number): 0 | 1 | 2 {
  switch (rules.select(count)) {
    case 'one':
      return 0;
    case 'many':
      return 2;
    default:
      return 1;
  }
}

/** The word alone: plural(5, ['день', 'дня', 'дней']) is 'дней'. */
export function plural(count: number, forms: RussianForms): string {
  return forms[pluralIndex(count)];
}

/** The number with its word: countText(3, ['день', 'дня', 'дней']) is '3 дня'. */
export function countText(count: number, forms: RussianForms): string {
  return `${count} ${plural(count, forms)}`;
}
