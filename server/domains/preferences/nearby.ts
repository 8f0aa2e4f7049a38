import type { NearbyUser } from '../../../src/shared/contract/preferences';
import type { Flag } from '../../../src/shared/contract/fields';
import { stickyCell } from '../../../src/shared/domain/location-grid';
import type { PermissionGroup } from '../../../src/shared/domain/icons';
import { effectiveUserType, isUserType } from '../../../src/shared/domain/user-types';
import { iconAllowed } from '../../auth/icon-rules';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { Services } from '../../services';
import { boundingBox, haversineKm, type Point } from './geo';
import { countMove, countNearestRequest } from './nearby-limits';

/** Who counts as 'nearby': within this many km of the caller. */
export const NEARBY_RADIUS_KM = 5;
/** At most this many people are listed, nearest first. */
export const NEARBY_LIMIT = 30;
/** A position older than this no longer says where someone is (they closed the page). */
export const LOCATION_FRESH_MS = 2 * 60 * 60 * 1000;

/** The spec's hint, also the server's answer: seeing others needs being seen. */
export const NEED_VISIBILITY = 'Что бы видеть других нужно позволить видеть меня';
export const LOCATION_UNKNOWN = 'Ваше местоположение пока неизвестно: разрешите браузеру доступ к геопозиции.';
export const LOCATION_NOT_SHARED = 'Местоположение не сохранено: включите «Показывать меня».';

export async function locationVisibility(db: Db, userId: number): Promise<Flag> {
  const row = await db.selectFrom('user_locations').select('is_public').where('user_id', '=', userId).executeTakeFirst();
  return row?.is_public === 1 ? '1' : '0';
}

/** Turns 'Показывать меня' on or off; hiding also forgets the position (nobody may see it anyway). */
export async function setLocationVisibility(db: Db, userId: number, visible: boolean): Promise<void> {
  const values = visible
    ? { is_public: 1 }
    : { is_public: 0, latitude: null, longitude: null, located_at: null, expires_at: null };
  await db
    .insertInto('user_locations')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/**
 * Stores the caller's position as the centre of its grid cell (the exact point is never kept);
 * refused while they are hidden, so a hidden user leaves no trace. Staying in the same cell (or
 * within CELL_MARGIN_KM past its edge) only keeps the position current; moving to another cell counts against the per-user move limit, so
 * nobody can probe others' positions by teleporting around them.
 */
export async function saveLocation(services: Services, userId: number, point: Point, now: number): Promise<void> {
  const { db } = services;
  const current = await db.selectFrom('user_locations').select(['is_public', 'latitude', 'longitude']).where('user_id', '=', userId).executeTakeFirst();
  if (current?.is_public !== 1) fail(LOCATION_NOT_SHARED);
  const previous = current.latitude !== null && current.longitude !== null ? { latitude: current.latitude, longitude: current.longitude } : null;
  // GPS jitter on a cell's edge keeps the current cell instead of spending moves.
  const cell = stickyCell(previous, point);
  const moved = previous === null || previous.latitude !== cell.latitude || previous.longitude !== cell.longitude;
  if (moved) await countMove(services.kv, userId);
  const updated = await db
    .updateTable('user_locations')
    .set({ latitude: cell.latitude, longitude: cell.longitude, located_at: now, expires_at: now + LOCATION_FRESH_MS })
    .where('user_id', '=', userId)
    .where('is_public', '=', 1)
    .executeTakeFirst();
  // Hidden between the two statements: nothing is stored, as above.
  if (Number(updated.numUpdatedRows) === 0) fail(LOCATION_NOT_SHARED);
}

/**
 * The visible people within NEARBY_RADIUS_KM of the caller's current position, nearest first.
 * Every stored position is a cell centre, so distances are between cell centres and the answer is
 * the same for any two places in one cell. The database narrows to a bounding box on the indexed
 * coordinates; distances are measured here. Only names and messenger nicknames leave this
 * function: coordinates and distances never do.
 */
export async function nearestUsers(services: Services, userId: number, now: number): Promise<NearbyUser[]> {
  const { db } = services;
  await countNearestRequest(services.kv, userId);
  const me = await db.selectFrom('user_locations').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (me?.is_public !== 1) fail(NEED_VISIBILITY);
  if (me.latitude === null || me.longitude === null || me.expires_at === null || me.expires_at <= now) fail(LOCATION_UNKNOWN);
  const center = { latitude: me.latitude, longitude: me.longitude };
  const box = boundingBox(center, NEARBY_RADIUS_KM);

  const rows = await db
    .selectFrom('user_locations as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.name', 'u.surname', 'u.tg_nickname', 'u.user_type', 'u.demo_until', 'l.latitude', 'l.longitude'])
    .where('l.latitude', '>=', box.latitude.min)
    .where('l.latitude', '<=', box.latitude.max)
    .$if(box.longitude !== null, (qb) =>
      qb.where((eb) => eb.or(box.longitude!.map((range) => eb.and([eb('l.longitude', '>=', range.min), eb('l.longitude', '<=', range.max)])))),
    )
    .where('l.is_public', '=', 1)
    .where('l.expires_at', '>', now)
    .where('l.user_id', '!=', userId)
    .where('u.blocked', '=', 0)
    .execute();

  const near = rows
    .map((row) => ({ row, km: haversineKm(center, { latitude: row.latitude!, longitude: row.longitude! }) }))
    .filter(({ km }) => km <= NEARBY_RADIUS_KM);
  const allowed = await withNearbyAccess(services, near, now);
  return allowed
    .sort((a, b) => a.km - b.km || a.row.surname.localeCompare(b.row.surname, 'ru'))
    .slice(0, NEARBY_LIMIT)
    .map(({ row }) => ({ userName: row.name, userSurname: row.surname, userTgNickName: row.tg_nickname }));
}

/** Keeps people who may still use 'Люди рядом' themselves (a lapsed demo is not shown to others). */
async function withNearbyAccess<T extends { row: { id: number; user_type: string; demo_until: number | null } }>(
  services: Services,
  candidates: T[],
  now: number,
): Promise<T[]> {
  if (candidates.length === 0) return candidates;
  const rule = (await services.iconRules.get()).get('nearbyPeople');
  const groups = new Map<number, Set<PermissionGroup>>();
  if (rule && rule.groups.length > 0) {
    const memberships = await services.db
      .selectFrom('permission_group_members')
      .select(['user_id', 'group_name'])
      .where(
        'user_id',
        'in',
        candidates.map((candidate) => candidate.row.id),
      )
      .execute();
    for (const { user_id, group_name } of memberships) {
      if (!groups.has(user_id)) groups.set(user_id, new Set());
      groups.get(user_id)!.add(group_name as PermissionGroup);
    }
  }
  return candidates.filter(({ row }) => {
    const type = effectiveUserType(isUserType(row.user_type) ? row.user_type : 'Неактивный', row.demo_until, now);
    return iconAllowed(rule, { type, groups: groups.get(row.id) ?? new Set() });
  });
}
