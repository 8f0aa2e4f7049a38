import { describe, expect, it } from 'vitest';
import { boundingBox, EARTH_RADIUS_KM, haversineKm, type Point } from './geo';

const redSquare: Point = { latitude: 55.7539, longitude: 37.6208 };

/** The point `km` away from `from` along `bearingDeg` (great-circle destination formula). */
function destination(from: Point, km: number, bearingDeg: number): Point {
  const r = (d: number) => (d * Math.PI) / 180;
  const d = (x: number) => (x * 180) / Math.PI;
  const angular = km / EARTH_RADIUS_KM;
  const lat1 = r(from.latitude);
  const lon1 = r(from.longitude);
  const bearing = r(bearingDeg);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: d(lat2), longitude: ((d(lon2) + 540) % 360) - 180 };
}

function inBox(box: ReturnType<typeof boundingBox>, point: Point): boolean {
  const latOk = point.latitude >= box.latitude.min && point.latitude <= box.latitude.max;
  const lonOk = box.longitude === null || box.longitude.some((range) => point.longitude >= range.min && point.longitude <= range.max);
  return latOk && lonOk;
}

describe('haversine distance', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineKm(redSquare, redSquare)).toBe(0);
    const other = { latitude: 59.9398, longitude: 30.3146 };
    expect(haversineKm(redSquare, other)).toBeCloseTo(haversineKm(other, redSquare), 9);
  });

  it('matches known distances', () => {
    // Red Square → Palace Square, St Petersburg: about 634 km along the great circle.
    expect(haversineKm(redSquare, { latitude: 59.9398, longitude: 30.3146 })).toBeGreaterThan(630);
    expect(haversineKm(redSquare, { latitude: 59.9398, longitude: 30.3146 })).toBeLessThan(638);
    // One degree of latitude is 111.2 km on the mean sphere; one of longitude at 60° half of that.
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.195, 2);
    expect(haversineKm({ latitude: 60, longitude: 10 }, { latitude: 60, longitude: 11 })).toBeCloseTo(55.6, 1);
    // Antipodes: half the circumference; across the 180° meridian: short, not around the world.
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    expect(haversineKm({ latitude: 0, longitude: 179.99 }, { latitude: 0, longitude: -179.99 })).toBeCloseTo(2.224, 2);
  });

  it('agrees with the destination formula at short range', () => {
    for (const bearing of [0, 45, 90, 135, 180, 270]) {
      expect(haversineKm(redSquare, destination(redSquare, 4.2, bearing))).toBeCloseTo(4.2, 6);
    }
  });
});

describe('bounding box of a radius', () => {
  it('contains every point of the circle in Moscow, and excludes points well outside', () => {
    const box = boundingBox(redSquare, 5);
    expect(box.longitude).toHaveLength(1);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      expect(inBox(box, destination(redSquare, 4.999, bearing)), `bearing ${bearing}`).toBe(true);
    }
    expect(inBox(box, destination(redSquare, 7.2, 0))).toBe(false);
    expect(inBox(box, destination(redSquare, 9, 90))).toBe(false);
  });

  it('splits longitude across the 180° meridian', () => {
    const center = { latitude: 65.5, longitude: 179.98 };
    const box = boundingBox(center, 5);
    expect(box.longitude).toHaveLength(2);
    for (let bearing = 0; bearing < 360; bearing += 10) expect(inBox(box, destination(center, 4.99, bearing))).toBe(true);
    const westward = boundingBox({ latitude: -16, longitude: -179.99 }, 5);
    expect(westward.longitude).toHaveLength(2);
    expect(inBox(westward, { latitude: -16, longitude: 179.99 })).toBe(true);
  });

  it('drops the longitude filter when the circle reaches a pole', () => {
    const box = boundingBox({ latitude: 89.99, longitude: 10 }, 5);
    expect(box.longitude).toBeNull();
    expect(box.latitude.max).toBe(90);
    expect(inBox(box, { latitude: 89.995, longitude: -170 })).toBe(true);
  });
});
