import { promoCodeFor } from '../../domains/account/referral';
import type { Db } from '../index';

/**
 * Account area demo rows: every demo user's referral promo code, made by the same generator the
 * referal_info call uses, so the account page shows a stored code from the first start.
 */
export async function seedAccountDemo(db: Db, now: number): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
  for (const user of users) await promoCodeFor(db, user, now);
}
