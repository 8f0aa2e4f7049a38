/**
 * The ticks of the term being answered, kept in sessionStorage so a reload or a dropped
 * connection does not lose them before 'Проверить'.
 */
const key = (termName: string) => `train-signs:ticks:${termName}`;

export function readTicks(termName: string, count: number): boolean[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(key(termName)) ?? 'null');
    const ticks = Array.isArray(saved) ? saved.filter((item: unknown): item is boolean => typeof item === 'boolean') : [];
    // Kept only when every saved item is a tick and the count still matches the term.
    if (Array.isArray(saved) && saved.length === count && ticks.length === count) return ticks;
  } catch {
    // A damaged entry is the same as none.
  }
  return Array.from({ length: count }, () => false);
}

export function writeTicks(termName: string, ticks: boolean[]): void {
  try {
    sessionStorage.setItem(key(termName), JSON.stringify(ticks));
  } catch {
    // Storage full or disabled: the ticks still live in the screen.
  }
}

export function clearTicks(termName: string): void {
  try {
    sessionStorage.removeItem(key(termName));
  } catch {
    // Nothing to clear.
  }
}

/** Ticks in questionAnsColumn1 order as the wire wants them. */
export const toBits = (ticks: boolean[]): Array<0 | 1> => ticks.map((tick) => (tick ? 1 : 0));
