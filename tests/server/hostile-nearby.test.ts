import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferences } from '../../src/shared/contract';
import { CELL_KM, sameCell, snapToCell } from '../../src/shared/domain/location-grid';
import { EARTH_RADIUS_KM, haversineKm, type Point } from '../../server/domains/preferences/geo';
import { ASKING_TOO_OFTEN, MOVING_TOO_FAST, nearbyLimitKeys } from '../../server/domains/preferences/nearby-limits';
import type { LiveTestSocket } from '../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue #25 row 3: an attacker who may set its own position and ask who is within 5 km walks along
 * three rays, binary-searches where a classmate drops off the list, and takes the centre of the
 * circle through the three drop-off points. On exact positions it found a student within 1.1 m in
 * 146 calls. Here the same attack runs through the real calls.
 */

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** The point `km` away from `from` towards `bearing` (degrees from north), on a local flat map. */
const step = (from: Point, bearing: number, km: number): Point => {
  const radians = (bearing * Math.PI) / 180;
  return {
    latitude: from.latitude + (km * Math.cos(radians)) / KM_PER_DEGREE,
    longitude: from.longitude + (km * Math.sin(radians)) / (KM_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180)),
  };
};
const asWire = (point: Point) => ({ latitude: point.latitude.toFixed(7), longitude: point.longitude.toFixed(7) });

/** Centre of the circle through three points, computed on a flat map around the first. */
function circumcentre(points: [Point, Point, Point], origin: Point): Point {
  const cos = Math.cos((origin.latitude * Math.PI) / 180);
  const [a, b, c] = points.map((p) => ({ x: (p.longitude - origin.longitude) * KM_PER_DEGREE * cos, y: (p.latitude - origin.latitude) * KM_PER_DEGREE }));
  const d = 2 * (a!.x * (b!.y - c!.y) + b!.x * (c!.y - a!.y) + c!.x * (a!.y - b!.y));
  const norm = (p: { x: number; y: number }) => p.x * p.x + p.y * p.y;
  const x = (norm(a!) * (b!.y - c!.y) + norm(b!) * (c!.y - a!.y) + norm(c!) * (a!.y - b!.y)) / d;
  const y = (norm(a!) * (c!.x - b!.x) + norm(b!) * (a!.x - c!.x) + norm(c!) * (b!.x - a!.x)) / d;
  return { latitude: origin.latitude + y / KM_PER_DEGREE, longitude: origin.longitude + x / (KM_PER_DEGREE * cos) };
}

class Refused extends Error {}

interface AttackResult {
  /** Calls made, the refused one included. */
  calls: number;
  /** Where the attacker believes each tracked victim is; absent when refused before converging. */
  estimates?: Point[];
  refusal?: string;
  /** Per probe, whether each tracked victim was listed. */
  answers: boolean[][];
}

/**
 * The ray attack, to 1 m: `waitOut` runs before every probe (a patient attacker waiting out the
 * limits); without it the attacker goes as fast as the server answers.
 */
async function rayAttack(attacker: LiveTestSocket, start: Point, victims: string[], waitOut?: () => Promise<void>): Promise<AttackResult> {
  const result: AttackResult = { calls: 0, answers: [] };
  const probe = async (at: Point): Promise<boolean[]> => {
    await waitOut?.();
    for (const [path, payload] of [
      [preferences.updateUserLocation.path, asWire(at)],
      [preferences.getNearestUsers.path, {}],
    ] as const) {
      result.calls += 1;
      const reply = await attacker.requestRaw(path, payload);
      if (reply.success !== '1') throw new Refused(String(reply.message));
      if (path === preferences.getNearestUsers.path) {
        const listed = preferences.getNearestUsers.output.parse(reply).users.map((user) => user.userSurname);
        const seen = victims.map((surname) => listed.includes(surname));
        result.answers.push(seen);
        return seen;
      }
    }
    throw new Error('unreachable');
  };
  try {
    const here = await probe(start);
    expect(here.every(Boolean), 'the attack starts where the victims are listed').toBe(true);
    const edges: Point[][] = victims.map(() => []);
    for (const bearing of [0, 120, 240]) {
      for (const [index] of victims.entries()) {
        // Listed at 0 km along the ray, never at 10.5 km (the victim is within 5 km of the start).
        let inside = 0;
        let outside = 10.5;
        while (outside - inside > 0.001) {
          const middle = (inside + outside) / 2;
          if ((await probe(step(start, bearing, middle)))[index]) inside = middle;
          else outside = middle;
        }
        edges[index]!.push(step(start, bearing, (inside + outside) / 2));
      }
    }
    result.estimates = edges.map((points) => circumcentre(points as [Point, Point, Point], start));
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    result.refusal = error.message;
  }
  return result;
}

describe.each(testDialects)('hostile: locating a classmate through «Люди рядом» on %s', (dialect) => {
  let server: TestServer;
  const sockets: LiveTestSocket[] = [];
  const open = async (login: string) => {
    const socket = await (await server.signIn(login)).openLive();
    sockets.push(socket);
    return socket;
  };
  const place = async (login: string, at: Point) => {
    const socket = await open(login);
    await socket.request(preferences.updateUserLocationVisibility, { isLocationPublic: '1' });
    await socket.request(preferences.updateUserLocation, asWire(at));
  };
  const userId = async (login: string) =>
    (await server.server.services.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  it('refuses the attacker long before it converges', async () => {
    // Kazan, far from the demo classmates: the victim's secret position, the attacker 2 km away.
    const secret: Point = { latitude: 55.79612, longitude: 49.10641 };
    await place('sofia', secret);
    const attacker = await open('student');
    await attacker.request(preferences.updateUserLocationVisibility, { isLocationPublic: '1' });
    const result = await rayAttack(attacker, step(secret, 200, 2), ['Павлова']);
    expect(result.estimates).toBeUndefined();
    expect([MOVING_TOO_FAST, ASKING_TOO_OFTEN]).toContain(result.refusal);
    // The victim was seen (the data arrived) before the refusal. On exact positions this same attack
    // converged to 0.2 m in 86 calls (146 in the issue's run); here it is stopped about halfway.
    expect(result.answers[0]).toEqual([true]);
    console.info(`fast ray attack: refused after ${result.calls} calls (${result.refusal})`);
    expect(result.calls).toBeLessThan(60);
  });

  it('gives a patient attacker who waits out every limit nothing finer than the victim’s grid cell', async () => {
    // Two victims in one cell, about 1.2 km apart: every answer must be the same for both.
    const corner = snapToCell({ latitude: 56.32871, longitude: 44.00204 });
    const [low, high] = [-0.4, 0.4].map((share) => ({ latitude: corner.latitude + share * 0.01, longitude: corner.longitude + share * 0.017 }));
    expect(sameCell(low!, high!)).toBe(true);
    expect(haversineKm(low!, high!)).toBeGreaterThan(CELL_KM);
    await place('egor', low!);
    await place('varvara', high!);
    const attacker = await open('intensive');
    await attacker.request(preferences.updateUserLocationVisibility, { isLocationPublic: '1' });
    const kv = server.server.services.kv;
    const keys = nearbyLimitKeys(await userId('intensive'));
    const waitOut = async () => {
      for (const key of keys) await kv.delete(key);
    };
    const result = await rayAttack(attacker, step(low!, 30, 2.5), ['Васильев', 'Николаева'], waitOut);
    expect(result.refusal).toBeUndefined();
    expect(result.answers.length).toBeGreaterThan(40);
    for (const [first, second] of result.answers) expect(first).toBe(second);
    const [forLow, forHigh] = result.estimates!;
    expect(haversineKm(forLow!, forHigh!)).toBeLessThan(0.001);
    const errors = [haversineKm(forLow!, low!), haversineKm(forHigh!, high!)];
    // Measured: printed for the issue's table.
    console.info(`patient ray attack: ${result.calls} calls, errors ${errors.map((km) => `${Math.round(km * 1000)} m`).join(' and ')}`);
    expect(Math.max(...errors)).toBeGreaterThan(0.5);
  });
});
