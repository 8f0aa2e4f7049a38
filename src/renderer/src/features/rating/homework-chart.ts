/** Homework chart geometry (shell §9): 175 px tall, 70 points = 125 px, short bars label outside. */
export const HOMEWORK_CHART_HEIGHT = 175;
const PX_PER_POINT = 125 / 70;
/** Bars this tall or shorter carry their label above, not inside. */
export const LABEL_INSIDE_MIN_PX = 30;

/** Height of a bar in px; the tallest bar never leaves the chart (room for the outside label). */
export function barHeight(points: number): number {
  const height = Math.max(0, points) * PX_PER_POINT;
  return Math.min(height, HOMEWORK_CHART_HEIGHT - 20);
}

export function labelOutside(heightPx: number): boolean {
  return heightPx <= LABEL_INSIDE_MIN_PX;
}
