import { describe, expect, it } from 'vitest';
import { CELL_DEGREES, CELL_KM, CELL_MARGIN_KM, sameCell, snapToCell, stickyCell } from './location-grid';

const KM_PER_DEGREE = 111.195;
const kmBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const dLat = (a.latitude - b.latitude) * KM_PER_DEGREE;
  const dLon = (a.longitude - b.longitude) * KM_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
};

describe('location grid', () => {
  it('puts every point within half a cell diagonal of its centre, and a centre snaps to itself', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let index = 0; index < 5000; index += 1) {
      const point = { latitude: -85 + random() * 170, longitude: -180 + random() * 360 };
      const centre = snapToCell(point);
      expect(kmBetween(point, centre)).toBeLessThanOrEqual((CELL_KM * Math.SQRT2) / 2 + 0.01);
      expect(snapToCell(centre)).toEqual(centre);
    }
  });

  it('keeps cells about 1.1 km wide at Moscow and wraps columns at the 180° meridian', () => {
    const moscow = snapToCell({ latitude: 55.7539, longitude: 37.6208 });
    expect(moscow).toEqual(snapToCell({ latitude: 55.7501, longitude: 37.6301 }));
    // One cell east: about a cell's width away.
    const east = snapToCell({ latitude: 55.7539, longitude: moscow.longitude + 0.02 });
    expect(kmBetween(moscow, east)).toBeGreaterThan(1.0);
    expect(kmBetween(moscow, east)).toBeLessThan(1.25);
    expect(sameCell({ latitude: 65, longitude: 180 }, { latitude: 65, longitude: -180 })).toBe(true);
    expect(snapToCell({ latitude: 90, longitude: 0 }).latitude).toBeCloseTo(89.995, 6);
    expect(snapToCell({ latitude: -90, longitude: 180 }).latitude).toBeCloseTo(-89.995, 6);
  });

  it('keeps the current cell while a position jitters just past its edge, and moves once it is clearly out', () => {
    const current = snapToCell({ latitude: 55.7539, longitude: 37.6208 });
    const northEdge = current.latitude + CELL_DEGREES / 2;
    const past = (km: number) => ({ latitude: northEdge + km / 111.195, longitude: current.longitude });
    expect(sameCell(past(0.05), current)).toBe(false);
    expect(stickyCell(current, past(0.05))).toEqual(current);
    expect(stickyCell(current, past(CELL_MARGIN_KM + 0.05))).toEqual(snapToCell(past(CELL_MARGIN_KM + 0.05)));
    // East across the 180° meridian: 50 m past the edge of the easternmost cell still counts as in it.
    const eastmost = snapToCell({ latitude: 65, longitude: 179.999 });
    expect(sameCell(eastmost, { latitude: 65, longitude: -179.999 })).toBe(false);
    expect(stickyCell(eastmost, { latitude: 65, longitude: -179.999 })).toEqual(eastmost);
    expect(stickyCell(eastmost, { latitude: 65, longitude: -179.99 })).toEqual(snapToCell({ latitude: 65, longitude: -179.99 }));
    expect(stickyCell(null, past(0.05))).toEqual(snapToCell(past(0.05)));
  });
});
