/**
 * The rule of a confirmation that demands a typed phrase (shell §6): the confirm button stays
 * off until the typed text equals the phrase exactly — same case, no trimming — so a user
 * has to mean it. No phrase means nothing to type.
 */
export function phraseMatches(typed: string, phrase: string | undefined): boolean {
  return phrase === undefined || typed === phrase;
}
