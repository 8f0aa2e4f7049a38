/**
 * Type-ahead for listboxes (WAI-ARIA APG): typed characters within a short pause build a
 * prefix; repeating one letter cycles through the options that start with it.
 */

/** Pause after which typing starts a new prefix. */
export const TYPEAHEAD_RESET_MS = 500;

/** Accumulates typed characters; `push` returns the prefix to search for. */
export function createTypeaheadBuffer(resetMs = TYPEAHEAD_RESET_MS) {
  let buffer = '';
  let lastAt = -Infinity;
  return {
    push(char: string, now: number): string {
      buffer = now - lastAt > resetMs ? char : buffer + char;
      lastAt = now;
      return buffer;
    },
    /** Whether the user is in the middle of typing a prefix (a space then belongs to it). */
    isTyping(now: number): boolean {
      return buffer !== '' && now - lastAt <= resetMs;
    },
    reset(): void {
      buffer = '';
      lastAt = -Infinity;
    },
  };
}

/**
 * Index of the option to move to for a typed prefix, or -1. `from` is the active option
 * (-1 for none). A one-letter or repeated-letter prefix looks from the next option on, so
 * pressing the same key again moves on; a longer prefix may stay on the active option.
 */
export function findTypeaheadMatch(
  labels: readonly string[],
  prefix: string,
  from: number,
  isDisabled: (index: number) => boolean = () => false,
): number {
  const count = labels.length;
  if (count === 0 || prefix === '') return -1;
  const lower = prefix.toLocaleLowerCase('ru');
  const repeated = [...lower].every((char) => char === lower[0]);
  const query = repeated ? lower[0]! : lower;
  const start = repeated ? from + 1 : Math.max(from, 0);
  for (let step = 0; step < count; step++) {
    const index = (((start + step) % count) + count) % count;
    if (!isDisabled(index) && labels[index]!.toLocaleLowerCase('ru').startsWith(query)) return index;
  }
  return -1;
}
