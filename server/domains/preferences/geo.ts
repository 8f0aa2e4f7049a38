/** Distances on the Earth's surface for 'Люди рядом': pure functions, no database. */

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

export interface Point {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine: stable for the short distances we care about). */
export function haversineKm(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A closed range of degrees. */
export interface DegreeRange {
  min: number;
  max: number;
}

/**
 * Latitude and longitude ranges that contain every point within `radiusKm` of `center`: the cheap
 * pre-filter an index can serve. Longitude comes as one or two ranges (two when the box crosses the
 * 180° meridian) or none when the circle reaches a pole (every longitude qualifies).
 */
export function boundingBox(center: Point, radiusKm: number): { latitude: DegreeRange; longitude: DegreeRange[] | null } {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angular * 180) / Math.PI;
  const minLat = center.latitude - dLat;
  const maxLat = center.latitude + dLat;
  if (minLat <= -90 || maxLat >= 90) {
    return { latitude: { min: Math.max(minLat, -90), max: Math.min(maxLat, 90) }, longitude: null };
  }
  // Widest longitude span of the circle (exact for a sphere), not the span at the centre's latitude.
  const dLon = (Math.asin(Math.sin(angular) / Math.cos(toRadians(center.latitude))) * 180) / Math.PI;
  const minLon = center.longitude - dLon;
  const maxLon = center.longitude + dLon;
  const latitude = { min: minLat, max: maxLat };
  if (minLon < -180) return { latitude, longitude: [{ min: minLon + 360, max: 180 }, { min: -180, max: maxLon }] };
  if (maxLon > 180) return { latitude, longitude: [{ min: minLon, max: 180 }, { min: -180, max: maxLon - 360 }] };
  return { latitude, longitude: [{ min: minLon, max: maxLon }] };
}
