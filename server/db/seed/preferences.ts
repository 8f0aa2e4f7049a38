import { snapToCell } from '../../../src/shared/domain/location-grid';
import type { Db } from '../index';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo positions stay current for a year: a real position expires 2 hours after the last update
 * (LOCATION_FRESH_MS), which would empty the demo list soon after `npm start` on a long-running demo.
 */
const DEMO_LOCATION_FRESH_MS = 365 * DAY;

/** Classmates who share their position in central Moscow ('Люди рядом' shows them to a visible student nearby). */
const DEMO_LOCATIONS: ReadonlyArray<{ login: string; latitude: number; longitude: number }> = [
  { login: 'sofia', latitude: 55.7601, longitude: 37.6186 }, // Театральная площадь
  { login: 'egor', latitude: 55.7648, longitude: 37.6386 }, // Чистые пруды
  { login: 'varvara', latitude: 55.7494, longitude: 37.5912 }, // Арбат
  { login: 'ksenia', latitude: 55.7416, longitude: 37.6536 }, // Таганская
  { login: 'maxim', latitude: 55.7298, longitude: 37.6011 }, // Парк Горького
  // Сокольники: visible but about 5.6 km from Red Square, outside the 5 km radius.
  { login: 'timofey', latitude: 55.7936, longitude: 37.6763 },
];

/** Demo rows of the preferences area, inside seedDemoUsers' transaction (`ids`: login → user id). */
export async function seedPreferencesDemo(db: Db, now: number, ids: ReadonlyMap<string, number>): Promise<void> {
  for (const { login, ...point } of DEMO_LOCATIONS) {
    const userId = ids.get(login);
    if (userId === undefined) continue;
    // Stored like any position: the centre of its grid cell.
    await db
      .insertInto('user_locations')
      .values({ user_id: userId, is_public: 1, ...snapToCell(point), located_at: now, expires_at: now + DEMO_LOCATION_FRESH_MS })
      .execute();
  }
}
