import { fail } from '../../contract/errors';
import type { KeyValueStore } from '../../kv';

/**
 * Per-user limits of 'Люди рядом' (issue #25): whoever may move their own position freely and ask
 * who is within 5 km can find a classmate by trying positions around them. Moves between grid
 * cells and list requests are counted in the shared key-value store (every instance sees them).
 */

/** Window of the move limit. */
export const MOVE_WINDOW_MS = 10 * 60 * 1000;
/**
 * Cell changes per window: 10 cells of ~1.1 km in 10 minutes is a steady 66 km/h, more than a city
 * bus or the metro; probing someone's cell needs dozens of jumps.
 */
export const MOVES_PER_WINDOW = 10;
/** Window of the list limit. */
export const NEAREST_WINDOW_MS = 60 * 1000;
/** List requests per minute: the page asks after each position it sends, every 5 s (12 a minute). */
export const NEAREST_PER_WINDOW = 30;

export const MOVING_TOO_FAST = 'Местоположение меняется слишком часто. Список обновится через несколько минут.';
export const ASKING_TOO_OFTEN = 'Слишком много запросов списка людей рядом. Подождите минуту.';

const moveKey = (userId: number) => `nearby-move:${userId}`;
const nearestKey = (userId: number) => `nearby-list:${userId}`;

/** The counters' keys of one user (a test waits out a window by removing them). */
export const nearbyLimitKeys = (userId: number): string[] => [moveKey(userId), nearestKey(userId)];

/** Counts a move to another cell; refuses it (nothing stored) once the window's moves are used up. */
export async function countMove(kv: KeyValueStore, userId: number): Promise<void> {
  if ((await kv.increment(moveKey(userId), MOVE_WINDOW_MS)) > MOVES_PER_WINDOW) fail(MOVING_TOO_FAST);
}

/** Counts a request of the list; refuses it once the minute's requests are used up. */
export async function countNearestRequest(kv: KeyValueStore, userId: number): Promise<void> {
  if ((await kv.increment(nearestKey(userId), NEAREST_WINDOW_MS)) > NEAREST_PER_WINDOW) fail(ASKING_TOO_OFTEN);
}
