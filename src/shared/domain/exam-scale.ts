/**
 * Primary → secondary (100-point) score of the social-studies ЕГЭ, the scale ФИПИ published for
 * 2024 (58 primary points at most). Mock exams ('probnik') show the secondary score with it.
 * The scale changes a little every year: admins set the new one in the ЕГЭ tab (SECONDARY_BALL).
 */
export const DEFAULT_SECONDARY_BY_PRIMARY: readonly number[] = [
  0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 45, 47, 48, 49, 51, 52, 53, 55,
  56, 57, 59, 60, 62, 63, 64, 66, 67, 68, 70, 71, 72, 73, 75, 77, 79, 81, 83, 85, 86, 88, 90, 92, 94, 96, 98, 100,
];

export const EXAM_MAX_PRIMARY = DEFAULT_SECONDARY_BY_PRIMARY.length - 1;

/**
 * Secondary score of a primary score on `scale` (index = primary; admins edit it in the ЕГЭ tab);
 * out-of-range values are clamped to the scale.
 */
export function secondaryScore(primary: number, scale: readonly number[] = DEFAULT_SECONDARY_BY_PRIMARY): number {
  const index = Math.max(0, Math.min(scale.length - 1, Math.floor(primary)));
  return scale[index] ?? 0;
}
