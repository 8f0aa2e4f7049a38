import type { Pace } from '@shared/domain/pace';

/**
 * Colour bands of the spec (shell §9). Values are percentages; the signed scale is for values
 * that can be negative, such as the pet's mood.
 */
export type Band = 'very-low' | 'low' | 'medium' | 'high';
export type PercentBand = 'red' | 'orange' | 'green';

/** Progress 0..100: below 25 very low, 25–49 low, 50–74 medium, 75 and above high. */
export function progressBand(value: number): Band {
  if (!(value >= 25)) return 'very-low'; // NaN falls here too: show it as the worst, never as fine.
  if (value < 50) return 'low';
  if (value < 75) return 'medium';
  return 'high';
}

/**
 * Signed −100..100: at or below −50 very low, above −50 and below 0 low, 0–49 medium,
 * 50 and above high. The spec's "−50 to 0 low, 0 to 49 medium" shares 0; it goes to medium,
 * as every other band starts at its lower bound.
 */
export function signedBand(value: number): Band {
  if (!(value > -50)) return 'very-low';
  if (value < 0) return 'low';
  if (value < 50) return 'medium';
  return 'high';
}

/** Percent results: below 50 red, 50 to below 80 orange, 80 and above green. */
export function percentBand(value: number): PercentBand {
  if (!(value >= 50)) return 'red';
  if (value < 80) return 'orange';
  return 'green';
}

/** The CSS variable that paints a band (defined in styles/theme.css for every theme). */
export function bandColor(band: Band | PercentBand): string {
  return `var(--band-${band})`;
}

/** The CSS variable for text in a band's colour, tuned for AA contrast on surfaces. */
export function bandTextColor(band: Band | PercentBand): string {
  return `var(--band-${band}-text)`;
}

/**
 * Colours of a pace state (src/shared/domain/pace.ts): «отстаёт» red, «подтянуть» orange,
 * «в порядке» green — the spec's bands — and «впереди» a neutral grey, never a warning.
 */
export function paceColor(pace: Pace): string {
  return `var(--pace-${pace})`;
}

/** The text variant of a pace colour, tuned for AA contrast on surfaces. */
export function paceTextColor(pace: Pace): string {
  return `var(--pace-${pace}-text)`;
}
