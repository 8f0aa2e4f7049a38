import type { JsonValue } from '../../lib/offline-store/types';

/**
 * The ticks of the term being answered are the user's draft in the offline store (see
 * lib/drafts), so a reload, a restart or a dropped connection does not lose them before
 * 'Проверить'. These are the pure rules around that draft.
 */

/** No ticks yet. */
export const noTicks = (count: number): boolean[] => Array.from({ length: count }, () => false);

/** A stored draft as ticks: kept only when every item is a tick and the count still matches the term. */
export function parseTicks(saved: JsonValue, count: number): boolean[] | null {
  if (!Array.isArray(saved) || saved.length !== count) return null;
  return saved.every((item) => typeof item === 'boolean') ? (saved as boolean[]) : null;
}

/** Ticks in questionAnsColumn1 order as the wire wants them. */
export const toBits = (ticks: boolean[]): Array<0 | 1> => ticks.map((tick) => (tick ? 1 : 0));
