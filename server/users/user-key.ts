import { publicUserKeyPattern } from '../../src/shared/contract/rating';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';

/**
 * The one public key that names a user on the wire, in the spec's `userVkId` fields:
 *   - the VK id when the user signed up through VK ('12345678', digits only);
 *   - otherwise `id<number>` with our user id ('id42'), which no VK id can look like.
 * Clients treat it as opaque. Lookups accept both forms for a user who has a VK id, so a key
 * handed out before the user linked VK keeps working.
 */
export function publicUserKey(user: { id: number; vk_id: string | null }): string {
  return user.vk_id ?? `id${user.id}`;
}

/** The user a public key names, or undefined (including for a malformed key). */
export async function findUserByKey(db: Db, key: string): Promise<UserRow | undefined> {
  if (!publicUserKeyPattern.test(key)) return undefined;
  const query = db.selectFrom('users').selectAll();
  if (key.startsWith('id')) {
    const id = Number(key.slice(2));
    // Ids are 32-bit on PostgreSQL: a larger number names nobody (and must not reach the query).
    return id <= 2_147_483_647 ? query.where('id', '=', id).executeTakeFirst() : undefined;
  }
  return query.where('vk_id', '=', key).executeTakeFirst();
}
