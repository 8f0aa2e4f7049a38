/**
 * Primary → secondary (100-point) score of the social-studies ЕГЭ, the scale ФИПИ published for
 * 2024 (58 primary points at most). Mock exams ('probnik') show the secondary score with it.
 * The scale changes a little every year: update this table when the new one is published.
 */
const SECONDARY_BY_PRIMARY: readonly number[] = [
  0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 45, 47, 48, 49, 51, 52, 53, 55,
  56, 57, 59, 60, 62, 63, 64, 66, 67, 68, 70, 71, 72, 73, 75, 77, 79, 81, 83, 85, 86, 88, 90, 92, 94, 96, 98, 100,
];

export const EXAM_MAX_PRIMARY = SECONDARY_BY_PRIMARY.length - 1;

/** Secondary score of a primary score; out-of-range values are clamped to the scale. */
export function secondaryScore(primary: number): number {
  const index = Math.max(0, Math.min(EXAM_MAX_PRIMARY, Math.floor(primary)));
  return SECONDARY_BY_PRIMARY[index]!;
}
