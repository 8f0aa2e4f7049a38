import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferences } from '../../../src/shared/contract';
import type { LiveTestSocket } from '../../../tests/helpers/client';
import { editUser, expireDemo, makeStudent } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { EARTH_RADIUS_KM, type Point } from './geo';
import { CELL_DEGREES, snapToCell } from '../../../src/shared/domain/location-grid';
import { LOCATION_FRESH_MS, LOCATION_NOT_SHARED, LOCATION_UNKNOWN, NEARBY_LIMIT, NEED_VISIBILITY } from './nearby';
import { ASKING_TOO_OFTEN, MOVES_PER_WINDOW, MOVING_TOO_FAST, NEAREST_PER_WINDOW } from './nearby-limits';

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** A point `km` due north of `from` (exact on the sphere). */
const north = (from: Point, km: number): Point => ({ latitude: from.latitude + km / KM_PER_DEGREE, longitude: from.longitude });

const redSquare = { latitude: '55.7539', longitude: '37.6208' };
const novosibirsk: Point = { latitude: 55.0302, longitude: 82.9204 };
const asWire = (point: Point) => ({ latitude: point.latitude.toFixed(7), longitude: point.longitude.toFixed(7) });
const surnames = (users: Array<{ userSurname: string }>) => users.map((user) => user.userSurname);

describe.each(testDialects)('nearby people on %s', (dialect) => {
  let server: TestServer;
  let offset = 0;
  const sockets: LiveTestSocket[] = [];
  const open = async (login: string) => {
    const socket = await (await server.signIn(login)).openLive();
    sockets.push(socket);
    return socket;
  };
  const show = (socket: LiveTestSocket, at?: Point) =>
    socket.request(preferences.updateUserLocationVisibility, { isLocationPublic: '1' }).then(() => at && socket.request(preferences.updateUserLocation, asWire(at)));

  beforeAll(async () => {
    // The server's clock can be moved forward to let positions age; sockets stay open across it.
    server = await startTestServer({ dialect, clock: { now: () => Date.now() + offset } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  const db = () => server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  it('is hidden by default, and shows the demo classmates near Red Square once visible, nearest first, without coordinates', async () => {
    const student = await open('student');
    expect(await student.request(preferences.getUserLocationVisibility, {})).toEqual({ isLocationPublic: '0' });
    expect(await student.requestRaw(preferences.getNearestUsers.path, {})).toEqual({ success: '0', message: NEED_VISIBILITY });

    await student.request(preferences.updateUserLocationVisibility, { isLocationPublic: '1' });
    expect(await student.request(preferences.getUserLocationVisibility, {})).toEqual({ isLocationPublic: '1' });
    // Visible but no position yet: nothing to measure from.
    expect(await student.requestRaw(preferences.getNearestUsers.path, {})).toEqual({ success: '0', message: LOCATION_UNKNOWN });

    await student.request(preferences.updateUserLocation, redSquare);
    const reply = await student.requestRaw(preferences.getNearestUsers.path, {});
    expect(reply.success).toBe('1');
    const { users } = preferences.getNearestUsers.output.parse(reply);
    // Measured between the centres of ~1.1 km grid cells, not the true points: Egor 1.1 km (truly 1.6),
    // Sofia 1.6 (0.7), Ksenia 1.9 (2.5), Varvara 3.1 (1.9), Maxim 3.8 (2.9); Timofey (Sokolniki, 5.6) is too far.
    expect(surnames(users)).toEqual(['Васильев', 'Павлова', 'Зайцева', 'Николаева', 'Фёдоров']);
    expect(users[1]).toEqual({ userName: 'София', userSurname: 'Павлова', userTgNickName: 'sofia_pavlova' });
    // Only names and nicknames travel: no coordinate fields, no coordinate values anywhere.
    for (const user of reply.users as Array<Record<string, unknown>>) expect(Object.keys(user).sort()).toEqual(['userName', 'userSurname', 'userTgNickName']);
    const text = JSON.stringify(reply);
    expect(text).not.toMatch(/latitude|longitude|distance|55\.7|37\.[56]/);
  });

  it('lists only visible people within 5 km whose position is current, never the caller', async () => {
    const [caller, inside, outside, hidden, stale] = await Promise.all(['intensive', 'egor', 'sofia', 'maxim', 'ksenia'].map(open));
    // Distances are between cell centres (rows 1.11 km apart), so these are chosen a cell clear of
    // 5 km and of each other: 3.6 km counts as 3.3 or 4.4, 6.4 km as 5.6 or more.
    await show(caller!, novosibirsk);
    await show(inside!, north(novosibirsk, 3.6));
    await show(outside!, north(novosibirsk, 6.4));
    await show(hidden!, north(novosibirsk, 0));
    await show(stale!, north(novosibirsk, 2));
    expect(surnames((await caller!.request(preferences.getNearestUsers, {})).users)).toEqual(['Фёдоров', 'Зайцева', 'Васильев']);

    // Hiding removes a user from everyone's list at once, and drops the stored position.
    await hidden!.request(preferences.updateUserLocationVisibility, { isLocationPublic: '0' });
    expect(surnames((await caller!.request(preferences.getNearestUsers, {})).users)).toEqual(['Зайцева', 'Васильев']);
    const row = await db().selectFrom('user_locations').selectAll().where('user_id', '=', await userId('maxim')).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_public: 0, latitude: null, longitude: null, located_at: null, expires_at: null });
    expect(await hidden!.requestRaw(preferences.getNearestUsers.path, {})).toEqual({ success: '0', message: NEED_VISIBILITY });

    // Two hours later only those who kept sending their position count; the caller's own must be current too.
    offset = LOCATION_FRESH_MS + 60_000;
    expect(await caller!.requestRaw(preferences.getNearestUsers.path, {})).toEqual({ success: '0', message: LOCATION_UNKNOWN });
    await caller!.request(preferences.updateUserLocation, asWire(novosibirsk));
    await inside!.request(preferences.updateUserLocation, asWire(north(novosibirsk, 3.6)));
    expect(surnames((await caller!.request(preferences.getNearestUsers, {})).users)).toEqual(['Васильев']);
    offset = 0;
  });

  it('refuses out-of-range and malformed coordinates, and positions of a hidden user, storing nothing', async () => {
    const socket = await open('timofey');
    const wrong = async (latitude: unknown, longitude: unknown) => socket.requestRaw(preferences.updateUserLocation.path, { latitude, longitude });
    expect(await wrong('90.5', '10')).toEqual({ success: '0', message: 'Поле "latitude": широта должна быть от -90 до 90' });
    expect(await wrong('-91', '10')).toEqual({ success: '0', message: 'Поле "latitude": широта должна быть от -90 до 90' });
    expect(await wrong('10', '180.0001')).toEqual({ success: '0', message: 'Поле "longitude": долгота должна быть от -180 до 180' });
    expect(await wrong('10', -200)).toEqual({ success: '0', message: 'Поле "longitude": долгота должна быть от -180 до 180' });
    expect((await wrong('север', '10')).message).toBe('Поле "latitude": ожидалось десятичное число');
    expect((await wrong('1e3', '10')).message).toMatch(/^Поле "latitude"/);
    expect((await wrong('55.75', undefined)).message).toMatch(/^Поле "longitude"/);
    expect((await socket.requestRaw(preferences.updateUserLocationVisibility.path, { isLocationPublic: 'да' })).message).toMatch(/^Поле "isLocationPublic"/);

    const id = await userId('timofey');
    await socket.request(preferences.updateUserLocationVisibility, { isLocationPublic: '0' });
    expect(await wrong('55.75', '37.61')).toEqual({ success: '0', message: LOCATION_NOT_SHARED });
    expect(await db().selectFrom('user_locations').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ latitude: null, longitude: null });
    // The boundaries themselves are valid.
    await socket.request(preferences.updateUserLocationVisibility, { isLocationPublic: '1' });
    await socket.request(preferences.updateUserLocation, { latitude: '-90', longitude: '180' });
    await socket.request(preferences.updateUserLocation, { latitude: 89.5, longitude: -179.5 });
  });

  it(`lists at most ${NEARBY_LIMIT} people, the nearest, and finds neighbours across the 180° meridian`, async () => {
    const now = Date.now();
    const chukotka: Point = { latitude: 65.0, longitude: 179.995 };
    const ids: number[] = [];
    for (let index = 0; index < NEARBY_LIMIT + 5; index += 1) {
      const row = await makeStudent(server, { login: `near${index}`, surname: `Сосед${String(index).padStart(2, '0')}`, name: 'Тест', createdAt: now });
      ids.push(row.id);
      // East of the caller, across the meridian: longitudes just above -180, 0.1 km further each.
      const point = { latitude: chukotka.latitude, longitude: -179.99 + index * 0.002 };
      await db()
        .insertInto('user_locations')
        .values({ user_id: row.id, is_public: 1, ...point, located_at: now, expires_at: now + LOCATION_FRESH_MS })
        .execute();
    }
    // A blocked user is never shown, however close.
    await editUser(server, ids[0]!, { userBlocked: '1' });
    const caller = await open('varvara');
    await show(caller, chukotka);
    const { users } = await caller.request(preferences.getNearestUsers, {});
    expect(users).toHaveLength(NEARBY_LIMIT);
    expect(surnames(users)).toEqual(Array.from({ length: NEARBY_LIMIT }, (_, index) => `Сосед${String(index + 1).padStart(2, '0')}`));
  });

  it('does not show a classmate whose demo access has lapsed (they lost the button)', async () => {
    const caller = await open('partial');
    await show(caller, north(novosibirsk, -50));
    const demo = await open('demo');
    await show(demo, north(novosibirsk, -49));
    expect(surnames((await caller.request(preferences.getNearestUsers, {})).users)).toEqual(['Попов']);
    await expireDemo(server, 'demo');
    expect((await caller.request(preferences.getNearestUsers, {})).users).toEqual([]);
  });

  it('keeps only the centre of the ~1 km grid cell, never the exact position', async () => {
    const socket = await open('subscription');
    const exact = { latitude: 56.3287134, longitude: 44.0020461 };
    await show(socket, exact);
    const row = await db().selectFrom('user_locations').select(['latitude', 'longitude']).where('user_id', '=', await userId('subscription')).executeTakeFirstOrThrow();
    expect(row).toEqual(snapToCell(exact));
    expect(row.latitude).not.toBe(exact.latitude);
    expect(row.longitude).not.toBe(exact.longitude);
  });

  it(`refuses the ${MOVES_PER_WINDOW + 1}th jump to another cell in the window, keeping the last position; staying put is free`, async () => {
    const socket = await open('package');
    const start: Point = { latitude: 47.2221, longitude: 39.7203 };
    // Showing oneself with a first position is the first move; then one cell north each time.
    await show(socket, start);
    for (let move = 1; move < MOVES_PER_WINDOW; move += 1) await socket.request(preferences.updateUserLocation, asWire(north(start, move * 1.2)));
    const last = snapToCell(north(start, (MOVES_PER_WINDOW - 1) * 1.2));
    const refused = await socket.requestRaw(preferences.updateUserLocation.path, asWire(north(start, 30)));
    expect(refused).toEqual({ success: '0', message: MOVING_TOO_FAST });
    const row = await db().selectFrom('user_locations').select(['latitude', 'longitude']).where('user_id', '=', await userId('package')).executeTakeFirstOrThrow();
    expect(row).toEqual(last);
    // The page keeps sending the position every 5 s: inside the same cell that is never refused.
    for (let tick = 0; tick < 20; tick += 1) await socket.request(preferences.updateUserLocation, asWire(last));
  });

  it(`answers ${NEAREST_PER_WINDOW} list requests a minute and refuses the next`, async () => {
    const caller = await open('curator');
    await show(caller, north(novosibirsk, 200));
    for (let index = 0; index < NEAREST_PER_WINDOW; index += 1) expect((await caller.request(preferences.getNearestUsers, {})).users).toEqual([]);
    expect(await caller.requestRaw(preferences.getNearestUsers.path, {})).toEqual({ success: '0', message: ASKING_TOO_OFTEN });
  });

  it('does not count a phone jittering across a cell edge as moves', async () => {
    const socket = await open('admin');
    const cell = snapToCell({ latitude: 54.7388, longitude: 55.9721 });
    // 30 m either side of the cell's north edge, 3 * MOVES_PER_WINDOW times.
    const edge = cell.latitude + CELL_DEGREES / 2;
    const side = (metres: number) => ({ latitude: edge + metres / 111_195, longitude: cell.longitude });
    await show(socket, side(-30));
    for (let tick = 0; tick < 3 * MOVES_PER_WINDOW; tick += 1) await socket.request(preferences.updateUserLocation, asWire(side(tick % 2 === 0 ? 30 : -30)));
    const row = await db().selectFrom('user_locations').select(['latitude', 'longitude']).where('user_id', '=', await userId('admin')).executeTakeFirstOrThrow();
    expect(row).toEqual(cell);
    // Clearly out of the cell (300 m past the edge) is a move to the next one.
    await socket.request(preferences.updateUserLocation, asWire(side(300)));
    expect(await db().selectFrom('user_locations').select(['latitude', 'longitude']).where('user_id', '=', await userId('admin')).executeTakeFirstOrThrow()).toEqual(snapToCell(side(300)));
  });
});
