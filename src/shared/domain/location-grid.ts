/**
 * The coarse grid 'Люди рядом' works on (issue #25): a position is kept, compared and measured only
 * as the centre of its cell, so no answer can tell two places in one cell apart. Rows are 0.01° of
 * latitude (about 1.11 km); each row is cut into as many equal columns as make them about as wide,
 * so cells stay near-square from the equator to the poles and columns wrap at the 180° meridian.
 * Pure and shared: the server snaps on every write, the browser snaps before sending.
 */

/** Row height in degrees of latitude: about 1.11 km. */
export const CELL_DEGREES = 0.01;
/** Cell side in km, for texts and tests (0.01° of a great circle). */
export const CELL_KM = 1.11;

const ROWS = Math.round(180 / CELL_DEGREES);
/** Seven decimals (about 1 cm) keep stored centres free of float noise and still inside their cell. */
const tidy = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

export interface GridPoint {
  latitude: number;
  longitude: number;
}

/** Width in degrees of longitude of the cells in the row whose centre is at `rowLatitude`. */
function columnWidth(rowLatitude: number): number {
  return 360 / Math.max(1, Math.round((360 * Math.cos((rowLatitude * Math.PI) / 180)) / CELL_DEGREES));
}

/** The centre of the cell holding `point`; snapping a centre gives the same centre. */
export function snapToCell(point: GridPoint): GridPoint {
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor((point.latitude + 90) / CELL_DEGREES)));
  const latitude = -90 + (row + 0.5) * CELL_DEGREES;
  const width = columnWidth(latitude);
  const columns = Math.round(360 / width);
  const column = ((Math.floor((point.longitude + 180) / width) % columns) + columns) % columns;
  return { latitude: tidy(latitude), longitude: tidy(-180 + (column + 0.5) * width) };
}

/** True when both points fall in the same cell. */
export function sameCell(a: GridPoint, b: GridPoint): boolean {
  const [x, y] = [snapToCell(a), snapToCell(b)];
  return x.latitude === y.latitude && x.longitude === y.longitude;
}

/** How far past the edge of the current cell a position may wander before it counts as a move. */
export const CELL_MARGIN_KM = 0.1;

const KM_PER_DEGREE = 111.195;

/**
 * The cell to keep for `point` when the last one was `previous` (a cell centre, or null): the same
 * cell while the point stays within CELL_MARGIN_KM of it, so the jitter of a phone standing on a
 * cell's edge does not count as moving back and forth; the point's own cell otherwise.
 */
export function stickyCell(previous: GridPoint | null, point: GridPoint): GridPoint {
  const cell = snapToCell(point);
  if (previous === null || (cell.latitude === previous.latitude && cell.longitude === previous.longitude)) return cell;
  const latitudeReach = CELL_DEGREES / 2 + CELL_MARGIN_KM / KM_PER_DEGREE;
  if (Math.abs(point.latitude - previous.latitude) > latitudeReach) return cell;
  const cos = Math.max(1e-6, Math.cos((previous.latitude * Math.PI) / 180));
  const longitudeReach = columnWidth(previous.latitude) / 2 + CELL_MARGIN_KM / (KM_PER_DEGREE * cos);
  const eastward = ((((point.longitude - previous.longitude) % 360) + 540) % 360) - 180;
  return Math.abs(eastward) > longitudeReach ? cell : previous;
}
