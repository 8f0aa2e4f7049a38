import type { CurrentUser } from '../../auth/current-user';
import { maySeeStudent } from '../../auth/student-scope';
import { fail, MESSAGES } from '../../contract/errors';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { findUserByKey } from '../../users/user-key';

/** The profile card's canEdit: admins and the USER_CHANGER_USERS member change student data. */
export async function mayEditUsers(viewer: CurrentUser): Promise<boolean> {
  return viewer.type === 'Админ' || (await viewer.groups()).has('USER_CHANGER_USERS');
}

/** The user a key names, refused (same answer as 'not found') unless the viewer may see them. */
export async function visibleUser(db: Db, viewer: CurrentUser, key: string): Promise<UserRow> {
  const target = await findUserByKey(db, key);
  if (!target) fail('Пользователь не найден.');
  if (!(await maySeeStudent(viewer, target))) fail(MESSAGES.forbidden);
  return target;
}
