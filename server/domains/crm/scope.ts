import type { CurrentUser } from '../../auth/current-user';
import { fail, MESSAGES } from '../../contract/errors';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { findUserByKey } from '../rating/user-key';

/**
 * Who sees whom in the back office (back-office §6): an admin or a main manager everyone, a
 * curator only the students linked to them by any of the three curator roles.
 */
export async function seesEveryone(viewer: CurrentUser): Promise<boolean> {
  return viewer.type === 'Админ' || (await viewer.groups()).has('USERS_MAIN_MANAGERS');
}

export function isCuratorOf(viewer: CurrentUser, target: Pick<UserRow, 'curator_id' | 'curator_dz_id' | 'curator_zach_id'>): boolean {
  return [target.curator_id, target.curator_dz_id, target.curator_zach_id].includes(viewer.id);
}

/** The profile card's canEdit: admins and the USER_CHANGER_USERS member change student data. */
export async function mayEditUsers(viewer: CurrentUser): Promise<boolean> {
  return viewer.type === 'Админ' || (await viewer.groups()).has('USER_CHANGER_USERS');
}

/** The user a key names, refused (same answer as 'not found') unless the viewer may see them. */
export async function visibleUser(db: Db, viewer: CurrentUser, key: string): Promise<UserRow> {
  const target = await findUserByKey(db, key);
  if (!target) fail('Пользователь не найден.');
  if (!(await seesEveryone(viewer)) && !isCuratorOf(viewer, target)) fail(MESSAGES.forbidden);
  return target;
}

export const fullName = (row: { surname: string; name: string }) => `${row.surname} ${row.name}`.trim() || 'Имя не задано';
