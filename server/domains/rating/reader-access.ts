import type { CurrentUser } from '../../auth/current-user';
import { fail, MESSAGES } from '../../contract/errors';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { findUserByKey } from './user-key';

/**
 * Whose rating a user may read: their own; a curator also their students (any of the three
 * curator links); an admin anyone's.
 */
export function mayReadRatingOf(reader: CurrentUser, target: Pick<UserRow, 'id' | 'curator_id' | 'curator_dz_id' | 'curator_zach_id'>): boolean {
  if (target.id === reader.id || reader.type === 'Админ') return true;
  if (reader.type !== 'Куратор') return false;
  return [target.curator_id, target.curator_dz_id, target.curator_zach_id].includes(reader.id);
}

/** The user a call's `userVkId` names ('' = the caller), refused unless the caller may read them. */
export async function readableRatingOwner(db: Db, reader: CurrentUser, key: string): Promise<UserRow> {
  if (key === '') return reader.row;
  const target = await findUserByKey(db, key);
  if (!target) fail('Пользователь не найден.');
  if (!mayReadRatingOf(reader, target)) fail(MESSAGES.forbidden);
  return target;
}
