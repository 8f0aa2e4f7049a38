/** Russian plural form index: 1 урок (0), 2 урока (1), 5 уроков (2). */
export function pluralIndex(count: number): 0 | 1 | 2 {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return 2;
  if (units === 1) return 0;
  if (units >= 2 && units <= 4) return 1;
  return 2;
}
