/** Pure rules of the admin settings forms (kept apart from the components so Node tests can load them). */

/** Whole numbers within [min, max] from text inputs; null when any is not. */
export function parseWhole(values: readonly string[], min: number, max: number): number[] | null {
  const numbers = values.map((value) => (/^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : NaN));
  return numbers.every((value) => Number.isInteger(value) && value >= min && value <= max) ? numbers : null;
}

/** A scale never falls as the primary score grows. */
export const nonDecreasing = (values: readonly number[]) => values.every((value, index) => index === 0 || value >= values[index - 1]!);

/** '2026-12-01 18:00:00' (the wire's Moscow time) ↔ '2026-12-01T18:00' (a datetime-local input). */
export const toInputTime = (wire: string) => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(wire) ? wire.slice(0, 16).replace(' ', 'T') : '');
export const toWireTime = (input: string) => (input === '' ? '' : `${input.replace('T', ' ').slice(0, 16)}:00`);

/** Whole roubles from 0 to 1,000,000, or null. */
export const wholeRoubles = (text: string) => (/^\d{1,7}$/.test(text.trim()) && Number(text) <= 1_000_000 ? Number(text) : null);
