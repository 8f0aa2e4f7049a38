/**
 * Building blocks of answer normalisation. Canonical forms, in ORIGINAL numbering: 'set' →
 * ascending unique digits; 'match' and 'sequence' → digits in order; 'word' → lower case, ё → е,
 * inner spaces collapsed. Each kind's entry (kinds/*.ts) rewrites answers between numberings.
 */

/** WORD answers: case-insensitive, ё = е, surrounding and repeated spaces ignored. */
export function normalizeWord(value: string): string {
  return value.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}

/**
 * The key two word answers are compared by, on every client and the server alike: the
 * letters the web's word input keeps (onlyCyrillic drops spaces, hyphens and anything else), lower
 * case, ё = е — so «рыночная экономика», «Рыночная-экономика» and «рыночнаяэкономика» are one answer.
 */
export function wordAnswerKey(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е').replace(/[^а-я]/g, '');
}

/** Digits typed by the student, in typing order; anything else is dropped. */
export function digitsOf(value: string): number[] {
  return [...value].filter((char) => char >= '0' && char <= '9').map(Number);
}

/** Maps a displayed option number back to its original number through a presentation rule. */
export function toOriginal(displayed: number, rule: readonly number[]): number {
  if (rule.length === 0) return displayed;
  return rule[displayed - 1] ?? displayed; // Out of range stays out of range (and so stays wrong).
}

/** Maps an original option number to where it is displayed (the inverse of toOriginal). */
export function toDisplayed(original: number, rule: readonly number[]): number {
  if (rule.length === 0) return original;
  const index = rule.indexOf(original);
  return index === -1 ? original : index + 1;
}
