import type { CurrentUser } from '../../auth/current-user';
import { maySeeStudent } from '../../auth/student-scope';
import { fail, MESSAGES } from '../../contract/errors';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { findUserByKey } from '../../users/user-key';

/**
 * Whose rating a user may read: their own; anyone else's only by the back office's rule (an admin
 * or main manager everyone's, a curator their students'), so the statistics screen's chapter popup
 * opens exactly the students its list shows.
 */
export async function mayReadRatingOf(reader: CurrentUser, target: Pick<UserRow, 'id' | 'curator_id' | 'curator_dz_id' | 'curator_zach_id'>): Promise<boolean> {
  return target.id === reader.id || (await maySeeStudent(reader, target));
}

/** The user a call's `userVkId` names ('' = the caller), refused unless the caller may read them. */
export async function readableRatingOwner(db: Db, reader: CurrentUser, key: string): Promise<UserRow> {
  if (key === '') return reader.row;
  const target = await findUserByKey(db, key);
  if (!target) fail('Пользователь не найден.');
  if (!(await mayReadRatingOf(reader, target))) fail(MESSAGES.forbidden);
  return target;
}
