/** OCR checks of the e2e tests: how much of a printed text came back. */

/** Share of the printed words found in the recognised text (case, ё and punctuation ignored). */
export function wordRecall(printed: readonly string[], recognised: string): number {
  const words = (text: string) => text.toLowerCase().replace(/ё/g, 'е').match(/[a-zа-я0-9]+/g) ?? [];
  const pool = new Map<string, number>();
  for (const word of words(recognised)) pool.set(word, (pool.get(word) ?? 0) + 1);
  const wanted = words(printed.join(' '));
  let found = 0;
  for (const word of wanted) {
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      found += 1;
      pool.set(word, left - 1);
    }
  }
  return found / wanted.length;
}
